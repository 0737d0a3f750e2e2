import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { BuyType } from '../../modules/course/entitlement.service.ts';
import { course, courseChapter, coursePeriod, userCourse } from '../schema/course.ts';
import { userStudy } from '../schema/study.ts';
import { user } from '../schema/user.ts';
import { MEMBERS } from './order.seed.ts';
import { seedState } from '../schema/platform.ts';
import { DEMO_CLIP_SECONDS, vodSeeder } from './vod.seed.ts';
import type { Seeder } from './seed.ts';

const HOUR = 3_600_000;
/** How far each member got in each of their two courses: lessons finished, then one watched this far. */
const PARTIAL_SHARE = 0.4;

/**
 * The demo members have been studying: each watched the first lessons of two video courses open to them (free, or
 * free for VIP members) over the past days, finishing some and leaving one partly watched, and joined the free
 * ones as a first lesson does. The lecturers' learner progress pages, the members' study records and courses and
 * the courses' learner counts start with this history. Only lessons with a demo video are studied (none when demo
 * videos are off, as in tests); their length is the clip's until the transcode sets it. While the demo videos wait
 * for ffmpeg, the history waits with them, and is written at the start that gives the lessons their videos.
 * The demo student keeps a clean slate.
 */
export const studySeeder: Seeder = {
  name: 'study.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    if (p.config.vod.demoVideos) {
      const [videos] = await db.select().from(seedState).where(eq(seedState.name, vodSeeder.name));
      if (!videos) return 'later';
    }
    const members = await db
      .select({ id: user.id, mobile: user.mobile })
      .from(user)
      .where(
        and(
          eq(user.siteId, siteId),
          inArray(
            user.mobile,
            MEMBERS.map((m) => m.mobile),
          ),
        ),
      );
    const open = await db
      .select({ id: course.id, isFree: course.isFree })
      .from(course)
      .where(
        and(
          eq(course.siteId, siteId),
          eq(course.statusId, 1),
          eq(course.isPutaway, 1),
          eq(course.courseType, 1),
          or(eq(course.isFree, 1), eq(course.isVipFree, 1)),
        ),
      )
      .orderBy(asc(course.id));
    if (open.length === 0) return;
    const now = Date.now();
    for (const [i, m] of MEMBERS.entries()) {
      const member = members.find((r) => r.mobile === m.mobile);
      if (!member) continue;
      const courses = [open[i % open.length]!, open[(i + 1) % open.length]!].filter(
        (c, j, all) => all.findIndex((o) => o.id === c.id) === j,
      );
      // from the day the member joined
      let at = now - m.daysAgo * 24 * HOUR;
      for (const c of courses) {
        const periods = await db
          .select({ id: coursePeriod.id, chapterId: coursePeriod.chapterId, duration: coursePeriod.videoDuration })
          .from(coursePeriod)
          .innerJoin(
            courseChapter,
            and(eq(courseChapter.siteId, coursePeriod.siteId), eq(courseChapter.id, coursePeriod.chapterId)),
          )
          .where(
            and(
              eq(coursePeriod.siteId, siteId),
              eq(coursePeriod.courseId, c.id),
              eq(coursePeriod.statusId, 1),
              eq(courseChapter.statusId, 1),
              isNotNull(coursePeriod.videoId),
            ),
          )
          .orderBy(asc(courseChapter.sort), asc(courseChapter.id), asc(coursePeriod.sort), asc(coursePeriod.id));
        const watched = periods.slice(0, 3 + i);
        // a learner's first lesson of a course counts them among its learners (人在学), as learn.service does
        if (watched.length)
          await db
            .update(course)
            .set({ countStudy: sql`${course.countStudy} + 1` })
            .where(and(eq(course.siteId, siteId), eq(course.id, c.id)));
        // opening a free course's first lesson joins it, which puts it in the learner's 我的课程
        if (c.isFree === 1 && watched.length) {
          const joined = new Date(Math.min(at + 2 * HOUR, now - HOUR));
          await db
            .insert(userCourse)
            .values({
              id: newId(),
              siteId,
              userId: member.id,
              courseId: c.id,
              buyType: BuyType.FREE,
              gmtCreate: joined,
              gmtModified: joined,
            })
            .onConflictDoNothing();
        }
        for (const [k, l] of watched.entries()) {
          const duration = l.duration > 0 ? l.duration : DEMO_CLIP_SECONDS;
          const finished = k < watched.length - 1;
          const sec = finished ? duration : Math.round(duration * PARTIAL_SHARE);
          at += 2 * HOUR;
          const when = new Date(Math.min(at, now - HOUR));
          await db.insert(userStudy).values({
            id: newId(),
            siteId,
            userId: member.id,
            courseId: c.id,
            chapterId: l.chapterId,
            periodId: l.id,
            currentPosition: sec,
            watchedRanges: [[0, sec]],
            watchedSec: sec,
            creditedSec: sec,
            percent: finished ? 100 : Math.round((sec / duration) * 1000) / 10,
            isFinish: finished ? 1 : 0,
            reportCount: Math.max(1, Math.ceil(sec / 15)),
            lastReportAt: when,
            gmtCreate: when,
            gmtModified: when,
          });
        }
      }
    }
  },
};
