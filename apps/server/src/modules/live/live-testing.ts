import { spawn, type ChildProcess } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { course, coursePeriod, userCourse } from '../../db/schema/course.ts';
import { liveSession } from '../../db/schema/live.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/people.ts';

/** The demo live course and its lessons in order (live.seed.ts). */
export async function demoLiveCourse(t: TestApp) {
  const [c] = await t.platform.db
    .select()
    .from(course)
    .where(and(eq(course.siteId, t.siteId), eq(course.courseType, 2)));
  const periods = await t.platform.db
    .select()
    .from(coursePeriod)
    .where(and(eq(coursePeriod.siteId, t.siteId), eq(coursePeriod.courseId, c!.id)))
    .orderBy(coursePeriod.sort);
  return { course: c!, periods };
}

/** The learner bought the course (the entitlement a paid order leaves). */
export async function buy(t: TestApp, u: TestUser, courseId: bigint): Promise<void> {
  await t.platform.db
    .insert(userCourse)
    .values({ id: newId(), siteId: t.siteId, userId: BigInt(u.id), courseId, buyType: 1 });
}

/** Moves a lesson's session to start now, so its lecturer's key may push it. */
export async function scheduleNow(t: TestApp, lecturer: TestUser, periodId: bigint, playbackSave = 1) {
  const res = await t.call(
    '/course/auth/live/session/save',
    { periodId: String(periodId), beginTime: formatTime(new Date()), liveDuration: 30, playbackSave },
    lecturer.headers,
  );
  if (res.code !== 200) throw new Error(res.msg);
  return res.data as { id: string; liveStatus: number };
}

/** ffmpeg pushing a test pattern with a tone to the RTMP URL, for at most `seconds`. */
export function pushTestPattern(url: string, seconds = 60, clock = false): ChildProcess {
  const video = clock
    ? `testsrc=size=320x240:rate=15,drawtext=text='%{localtime\\:%s}.%{eif\\:mod(n\\,15)*1000/15\\:d\\:3}':fontsize=40:fontcolor=white:box=1:boxcolor=black:x=10:y=10`
    : 'testsrc=size=320x240:rate=15';
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', 'sine'],
      ...[
        '-t',
        String(seconds),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-g',
        '15',
        '-c:a',
        'aac',
        '-f',
        'flv',
        url,
      ],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

export const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.on('close', (code) => resolve(code));
  });

export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The session's recording handed to the transcoder, which happens after a stop has answered. */
export async function recordingQueued(t: TestApp, sessionId: string): Promise<void> {
  await until('the recording queued', async () => {
    const [s] = await t.platform.db
      .select({ replay: liveSession.replayVideoId })
      .from(liveSession)
      .where(and(eq(liveSession.siteId, t.siteId), eq(liveSession.id, BigInt(sessionId))));
    return s?.replay != null;
  });
}
