import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import type { BlogViewCountRepo } from './blog-view-count.repo.ts';

/** How often counted views reach the posts' rows: the most the lists' view counts and the hot tab lag behind. */
export const FOLD_EVERY_MS = 60_000;
export const JOB_VIEW_FOLD = 'community.blog.view-fold';
const viewFoldJob = defineJob(JOB_VIEW_FOLD, z.object({}));

/**
 * Every minute, one job (however many processes schedule it) copies the view counts that changed into the posts,
 * then queues the next minute's.
 */
export function registerViewFold(p: Platform, counts: BlogViewCountRepo): void {
  const schedule = (inMs: number) => {
    const at = new Date(Date.now() + inMs);
    return p.jobs.enqueue(
      viewFoldJob,
      {},
      { runAt: at, dedupeKey: `${JOB_VIEW_FOLD}:${Math.floor(at.getTime() / FOLD_EVERY_MS)}` },
    );
  };
  p.jobs.register(viewFoldJob, async () => {
    await counts.fold();
    await schedule(FOLD_EVERY_MS);
  });
  schedule(FOLD_EVERY_MS).catch((err: unknown) => p.log.warn({ err }, 'could not schedule the view count fold'));
}
