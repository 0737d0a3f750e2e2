import { z } from 'zod';
import type { TPageQuery } from '#contract/call.ts';
import type { Platform } from '../../platform/context.ts';
import { defineJob, jobIdField } from '../../platform/jobs.ts';
import { countNow, pageWindow, type CountMemo } from '../../platform/db/page.ts';
import { blogFeedRepo, type BlogFeedRepo } from './blog-feed.repo.ts';

/** Fans written per statement: the first batch with the publish itself, the rest by jobs, one batch each. */
export const FEED_BATCH = 1000;
/** A new fan's inbox starts with this many of the author's latest posts. */
export const FEED_BACK_FILL = 20;
export const JOB_FEED_FANOUT = 'community.feed.fanout';
/** Delivers a post to its author's fans after follow id `after`; `round` tells one publish (or restore) from the next. */
export const feedFanOutJob = defineJob(
  JOB_FEED_FANOUT,
  z.object({ siteId: jobIdField, blogId: jobIdField, after: jobIdField, round: jobIdField }),
);

/**
 * The 关注 tab by fan-out on write (decision 54): publishing a post writes it into each fan's inbox, hiding or
 * deleting it takes it out, following fills the new fan's inbox with the author's latest posts and unfollowing
 * takes them out. A fan's page is then one range of their inbox's key, however many authors they follow. An
 * author with up to `FEED_BATCH` fans is delivered before the publish answers; beyond that the rest follows
 * through the job queue, so the publish does not wait for a hundred thousand rows. Every page is checked against
 * the posts again, so a post hidden while its fan-out ran never shows.
 */
export class BlogFeed {
  readonly repo: BlogFeedRepo;
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
    this.repo = blogFeedRepo(p.db);
    p.jobs.register(feedFanOutJob, (job) =>
      this.deliver(BigInt(job.siteId), BigInt(job.blogId), BigInt(job.after), job.round),
    );
  }

  /** A post became readable (published, or restored by an administrator): into its author's fans' inboxes. */
  async published(siteId: bigint, blogId: bigint): Promise<void> {
    await this.deliver(siteId, blogId, 0n, String(Date.now()));
  }

  /** A post was hidden or deleted: out of every inbox. */
  async removed(siteId: bigint, blogId: bigint): Promise<void> {
    await this.repo.removePost(siteId, blogId);
  }

  async followed(siteId: bigint, fanId: bigint, authorId: bigint): Promise<void> {
    await this.repo.backFill(siteId, fanId, authorId, FEED_BACK_FILL);
  }

  async unfollowed(siteId: bigint, fanId: bigint, authorId: bigint): Promise<void> {
    await this.repo.removeAuthor(siteId, fanId, authorId);
  }

  /** One page of the fan's 关注 tab: the ids of its readable posts, newest first, and the inbox's size. */
  async page(
    siteId: bigint,
    fanId: bigint,
    q: TPageQuery,
    memo: CountMemo = countNow,
  ): Promise<{ ids: bigint[]; total: number }> {
    const ids = await this.readPage(siteId, fanId, q, true);
    const { limit, offset } = pageWindow(q);
    if (offset === 0 && ids.length < limit) return { ids, total: ids.length };
    return { ids, total: await memo(`following:${siteId}:${fanId}`, () => this.repo.total(siteId, fanId)) };
  }

  /** The page; entries whose post is no longer readable are dropped from the inbox and the page read again. */
  private async readPage(siteId: bigint, fanId: bigint, q: TPageQuery, again: boolean): Promise<bigint[]> {
    const entries = await this.repo.page(siteId, fanId, q);
    const ids = entries.flatMap((e) => (e.readable === null ? [] : [e.readable]));
    if (ids.length === entries.length || !again) return ids;
    await this.repo.removeEntries(
      siteId,
      fanId,
      entries.filter((e) => e.readable === null).map((e) => e.entry),
    );
    return this.readPage(siteId, fanId, q, false);
  }

  /** One batch of fans after `after`, and the next batch queued as its own job when this one was full. */
  private async deliver(siteId: bigint, blogId: bigint, after: bigint, round: string): Promise<void> {
    const { n, last } = await this.repo.fanOut(siteId, blogId, after, FEED_BATCH);
    if (n < FEED_BATCH) return;
    await this.p.jobs.enqueue(
      feedFanOutJob,
      { siteId: String(siteId), blogId: String(blogId), after: String(last), round },
      { dedupeKey: `${JOB_FEED_FANOUT}:${blogId}:${round}:${last}` },
    );
  }
}
