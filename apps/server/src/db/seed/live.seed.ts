import crypto from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { user } from '../schema/user.ts';
import { course, courseCategory, courseChapter, coursePeriod } from '../schema/course.ts';
import { liveChannel, liveSession } from '../schema/live.ts';
import { putSvg } from './images.ts';
import type { Seeder } from './seed.ts';

const LECTURER = '13800000002';
const DAY = 24 * 3600_000;

/** 20:00 Shanghai time, `days` from today. */
function eveningIn(days: number): Date {
  const shanghaiToday = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  return new Date(new Date(`${shanghaiToday}T20:00:00+08:00`).getTime() + days * DAY);
}

const COVER = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e74c3c"/><stop offset="1" stop-color="#f39c12"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/><circle cx="420" cy="40" r="90" fill="#fff" opacity="0.1"/>
<text x="32" y="60" font-family="'WenQuanYi Micro Hei',sans-serif" font-size="20" fill="#fff" opacity="0.85">青课 · 直播课</text>
<text x="32" y="140" font-family="'WenQuanYi Micro Hei',sans-serif" font-size="34" font-weight="bold" fill="#fff">前端工程化直播训练营</text>
</svg>`;

/**
 * The demo live course of 王老师: a session yesterday that is over (its replay is the lecturer's demo clip when
 * the demo videos were made), a free preview session tomorrow evening and a paid one the day after; and the
 * lecturer's channel.
 */
export const liveSeeder: Seeder = {
  name: 'live.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    const [lecturer] = await db
      .select()
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.mobile, LECTURER)))
      .limit(1);
    const [category] = await db
      .select()
      .from(courseCategory)
      .where(and(eq(courseCategory.siteId, siteId), eq(courseCategory.categoryType, 1), eq(courseCategory.floor, 1)))
      .limit(1);
    if (!lecturer || !category) return;
    // the lecturer's demo clip, when the demo videos were made: the past session's replay
    const [clip] = await db
      .select({ videoId: coursePeriod.videoId, duration: coursePeriod.videoDuration })
      .from(coursePeriod)
      .innerJoin(course, eq(course.id, coursePeriod.courseId))
      .where(and(eq(course.siteId, siteId), eq(course.lecturerUserId, lecturer.id), isNotNull(coursePeriod.videoId)))
      .limit(1);

    const courseId = newId();
    const chapterId = newId();
    await putSvg(p, 'demo/live-course.svg', COVER);
    await db.insert(course).values({
      id: courseId,
      siteId,
      lecturerUserId: lecturer.id,
      categoryId: category.id,
      courseType: 2,
      courseName: '前端工程化直播训练营',
      courseLogo: p.storage.publicUrl('demo/live-course.svg'),
      introduce: '<p>三次晚间直播，带你从零搭建前端工程：构建、测试、发布。直播中可随时提问，错过直播可看回放。</p>',
      rulingPrice: 19900,
      coursePrice: 9900,
      isVipFree: 1,
      periodTotal: 3,
      sort: 1,
    });
    await db.insert(courseChapter).values({ id: chapterId, siteId, courseId, chapterName: '直播课表', sort: 1 });
    const sessions = [
      { name: '第 1 讲：工程化全景与脚手架', days: -1, isFree: 0, status: 4 },
      { name: '第 2 讲：构建与打包（免费试看）', days: 1, isFree: 1, status: 1 },
      { name: '第 3 讲：测试与持续集成', days: 2, isFree: 0, status: 1 },
    ];
    for (const [i, s] of sessions.entries()) {
      const periodId = newId();
      const replay = s.status === 4 && clip?.videoId ? clip : undefined;
      await db.insert(coursePeriod).values({
        id: periodId,
        siteId,
        courseId,
        chapterId,
        periodName: s.name,
        isFree: s.isFree,
        videoId: replay?.videoId ?? null,
        videoDuration: replay?.duration ?? 0,
        sort: i + 1,
      });
      await db.insert(liveSession).values({
        id: newId(),
        siteId,
        courseId,
        periodId,
        lecturerUserId: lecturer.id,
        beginTime: eveningIn(s.days),
        liveDuration: 90,
        liveStatus: s.status,
        replayVideoId: replay?.videoId ?? null,
      });
    }
    await db
      .insert(liveChannel)
      .values({
        id: newId(),
        siteId,
        lecturerUserId: lecturer.id,
        streamKey: crypto.randomBytes(16).toString('hex'),
      })
      .onConflictDoNothing();
  },
};
