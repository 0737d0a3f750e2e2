import { eq } from 'drizzle-orm';
import { job } from '../../db/schema/platform.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { TRANSCODE_JOB } from './vod.service.ts';
import type { VideoRow } from './vod.repo.ts';

// for other domains' tests that need ffmpeg, or the reason a broken video is refused with
export { ffmpegAvailable, REASON_UNREADABLE } from './vod-ffmpeg.ts';

/** Runs the worker until the video's transcode job has finished for good (ready or failed), as a worker would. */
export async function waitForVideo(t: TestApp, videoId: bigint, timeoutMs = 120_000): Promise<VideoRow> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await t.platform.jobs.tick();
    const row = await t.services.vod.row(t.siteId, videoId);
    const [j] = await t.platform.db
      .select({ state: job.state })
      .from(job)
      .where(eq(job.dedupeKey, `${TRANSCODE_JOB}:${videoId}`));
    if (row && (row.status === 3 || row.status === 4) && (j?.state === 'done' || j?.state === 'failed')) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`video ${videoId} did not finish transcoding in ${timeoutMs} ms`);
}
