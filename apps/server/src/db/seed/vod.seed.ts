import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { ffmpegAvailable, generateClip, type ClipSpec } from '../../modules/vod/vod-ffmpeg.ts';
import { VodService } from '../../modules/vod/vod.service.ts';
import { course, coursePeriod } from '../schema/course.ts';
import { seedState } from '../schema/platform.ts';
import { courseSeeder } from './course.seed.ts';
import type { Seeder } from './seed.ts';

/** Fonts drawtext may use for the Chinese caption, first found wins; without one the clips carry no caption. */
const CJK_FONTS = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];

/** How long each demo clip runs; a lesson's duration is known only once its transcode is done. */
export const DEMO_CLIP_SECONDS = 10;
/** Two short, visibly different clips (two renditions each: 480p and 360p), enough for every demo lesson. */
const CLIPS: Array<Omit<ClipSpec, 'title'> & { name: string; caption: string }> = [
  {
    name: '示例视频 A：彩色测试图',
    caption: '青课 · 示例课程视频 A',
    pattern: 'testsrc2',
    seconds: DEMO_CLIP_SECONDS,
    width: 854,
    height: 480,
    toneHz: 440,
  },
  {
    name: '示例视频 B：彩条',
    caption: '青课 · 示例课程视频 B',
    pattern: 'smptehdbars',
    seconds: DEMO_CLIP_SECONDS,
    width: 854,
    height: 480,
    toneHz: 523,
  },
];

/**
 * Real videos for the demo's video lessons: short clips generated with ffmpeg, ingested like an upload and
 * transcoded by the same background job, so the demo plays encrypted HLS within a minute of the first start.
 * Each lecturer owns the video of their lessons (one clip per lecturer, shared by all their lessons; clips repeat
 * when there are more lecturers than clips). Runs after the course seeder; skipped for good when VOD_DEMO_VIDEOS is
 * off (the default in tests). Without ffmpeg it waits: it is not recorded, so a later start with ffmpeg installed
 * gives the demo lessons their videos, with no reset. The lessons it fills are the course seeder's (made no later
 * than its record) that still have neither a video nor a document: a lesson added since is left alone.
 */
export const vodSeeder: Seeder = {
  name: 'vod.demo',
  async run(p: Platform, { siteId }) {
    if (!p.config.vod.demoVideos) {
      p.log.info('demo videos skipped (VOD_DEMO_VIDEOS is off)');
      return;
    }
    if (!(await ffmpegAvailable(p.config.vod))) {
      p.log.warn(
        `demo videos wait for ffmpeg: not found at "${p.config.vod.ffmpegPath}"; install it (apt-get install -y ffmpeg) and start again, and the demo lessons get their videos`,
      );
      return 'later';
    }
    const [courses] = await p.db
      .select({ at: seedState.appliedAt })
      .from(seedState)
      .where(eq(seedState.name, courseSeeder.name));
    if (!courses) return;
    const periods = await p.db
      .select({ id: coursePeriod.id, lecturerUserId: course.lecturerUserId })
      .from(coursePeriod)
      .innerJoin(course, and(eq(course.siteId, coursePeriod.siteId), eq(course.id, coursePeriod.courseId)))
      .where(
        and(
          eq(coursePeriod.siteId, siteId),
          eq(course.courseType, 1),
          isNull(coursePeriod.videoId),
          isNull(coursePeriod.docKey),
          lte(coursePeriod.gmtCreate, courses.at),
        ),
      )
      .orderBy(asc(coursePeriod.courseId), asc(coursePeriod.sort), asc(coursePeriod.id));
    if (periods.length === 0) return;

    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'qk-demo-clips-'));
    try {
      const fontFile = CJK_FONTS.find((f) => fs.existsSync(f));
      const files = await Promise.all(
        CLIPS.map(async (c, i) => {
          const file = path.join(dir, `clip-${i}.mp4`);
          await generateClip(p.config.vod, file, { ...c, title: fontFile ? { text: c.caption, fontFile } : undefined });
          return file;
        }),
      );
      const vod = new VodService(p);
      const lecturers = [...new Set(periods.map((r) => r.lecturerUserId))];
      for (const [li, lecturerUserId] of lecturers.entries()) {
        // one lecturer alone owns every clip, so the demo still shows them all
        const mine = lecturers.length === 1 ? CLIPS.map((_, i) => i) : [li % CLIPS.length];
        const videos: bigint[] = [];
        for (const i of mine)
          videos.push(
            BigInt(
              (await vod.createFromFile(siteId, lecturerUserId, { videoName: CLIPS[i]!.name, file: files[i]! })).id,
            ),
          );
        const own = periods.filter((r) => r.lecturerUserId === lecturerUserId);
        for (const [vi, videoId] of videos.entries()) {
          const ids = own.filter((_, pi) => pi % videos.length === vi).map((r) => r.id);
          if (ids.length)
            await p.db
              .update(coursePeriod)
              .set({ videoId })
              .where(and(eq(coursePeriod.siteId, siteId), inArray(coursePeriod.id, ids)));
        }
      }
      p.log.info({ clips: CLIPS.length, lessons: periods.length }, 'demo videos queued for transcoding');
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  },
};
