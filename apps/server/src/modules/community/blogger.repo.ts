import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { joinedList, listOf, param, statement } from '../../platform/db/statement.ts';
import { blog, blogger, bloggerFollow } from '../../db/schema/community-blog.ts';
import { readable } from './blog.repo.ts';

export type BloggerRow = typeof blogger.$inferSelect;
export type BloggerProfile = Pick<BloggerRow, 'nickname' | 'headImgUrl' | 'introduce'>;

// read by every article and blogger page: built once (decision 23)
const byUserQ = statement<{ siteId: bigint; userId: bigint }>()((db) =>
  db
    .select()
    .from(blogger)
    .where(and(eq(blogger.siteId, param('siteId')), eq(blogger.userId, param('userId'))))
    .limit(1),
);

const byUsersQ = statement<{ siteId: bigint; userIds: string }>()((db) =>
  db
    .select()
    .from(blogger)
    .where(and(eq(blogger.siteId, param('siteId')), sql`${blogger.userId} = any(${listOf('userIds', 'bigint')})`)),
);

export function bloggerRepo(db: Db) {
  const of = (siteId: bigint, userId: bigint) => and(eq(blogger.siteId, siteId), eq(blogger.userId, userId));
  return {
    async byUser(siteId: bigint, userId: bigint): Promise<BloggerRow | undefined> {
      const [row] = await byUserQ(db, { siteId, userId });
      return row;
    },
    async byUsers(siteId: bigint, userIds: bigint[]): Promise<Map<bigint, BloggerRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await byUsersQ(db, { siteId, userIds: joinedList(userIds, (id) => id) });
      return new Map(rows.map((r) => [r.userId, r]));
    },
    /** Makes the profile when it is missing (first post, first fan); keeps one that exists. Whether it made it. */
    async ensure(siteId: bigint, userId: bigint, profile: BloggerProfile): Promise<boolean> {
      const made = await db
        .insert(blogger)
        .values({ id: newId(), siteId, userId, ...profile })
        .onConflictDoNothing()
        .returning({ id: blogger.id });
      return made.length > 0;
    },
    async save(siteId: bigint, userId: bigint, profile: BloggerProfile): Promise<BloggerRow> {
      const [row] = await db
        .insert(blogger)
        .values({ id: newId(), siteId, userId, ...profile })
        .onConflictDoUpdate({
          target: [blogger.siteId, blogger.userId],
          set: { ...profile, gmtModified: new Date() },
        })
        .returning();
      return row!;
    },
    /**
     * Counts a new profile's visible posts and their likes once: from then on the database keeps them with every
     * change of a post (decision 61).
     */
    async countTotals(siteId: bigint, userId: bigint): Promise<void> {
      const theirs = and(readable(siteId), eq(blog.userId, userId));
      await db
        .update(blogger)
        .set({
          articleCount: sql`(${db.select({ n: count() }).from(blog).where(theirs)})`,
          likeCount: sql`(${db
            .select({ likes: sql`coalesce(sum(${blog.likeCount}), 0)` })
            .from(blog)
            .where(theirs)})`,
        })
        .where(of(siteId, userId));
    },
    async setRecommend(siteId: bigint, userId: bigint, isRecommend: number): Promise<boolean> {
      const rows = await db
        .update(blogger)
        .set({ isRecommend })
        .where(of(siteId, userId))
        .returning({ id: blogger.id });
      return rows.length > 0;
    },
    async recommended(siteId: bigint, limit: number): Promise<BloggerRow[]> {
      return db
        .select()
        .from(blogger)
        .where(and(eq(blogger.siteId, siteId), eq(blogger.isRecommend, 1), eq(blogger.statusId, 1)))
        .orderBy(blogger.sort, desc(blogger.fansCount))
        .limit(limit);
    },
    async admin(siteId: bigint, q: TPageQuery & { keyword: string }) {
      const conds = [eq(blogger.siteId, siteId)];
      if (q.keyword) conds.push(sql`${blogger.nickname} ilike ${containing(q.keyword)}`);
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(blogger)
        .where(and(...conds))
        .orderBy(desc(blogger.isRecommend), desc(blogger.fansCount), desc(blogger.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(blogger)
        .where(and(...conds));
      return { rows, total: total!.n };
    },

    async follows(siteId: bigint, fanId: bigint, bloggerUserIds: bigint[]): Promise<Set<bigint>> {
      if (bloggerUserIds.length === 0) return new Set();
      const rows = await db
        .select({ id: bloggerFollow.bloggerUserId })
        .from(bloggerFollow)
        .where(
          and(
            eq(bloggerFollow.siteId, siteId),
            eq(bloggerFollow.userId, fanId),
            inArray(bloggerFollow.bloggerUserId, bloggerUserIds),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
    /** Follows or unfollows, and keeps the blogger's count of fans, together; answers whether anything changed. */
    async setFollow(siteId: bigint, fanId: bigint, bloggerUserId: bigint, on: boolean) {
      return db.transaction(async (tx) => {
        const changed = on
          ? await tx
              .insert(bloggerFollow)
              .values({ id: newId(), siteId, userId: fanId, bloggerUserId })
              .onConflictDoNothing()
              .returning({ id: bloggerFollow.id })
          : await tx
              .delete(bloggerFollow)
              .where(
                and(
                  eq(bloggerFollow.siteId, siteId),
                  eq(bloggerFollow.userId, fanId),
                  eq(bloggerFollow.bloggerUserId, bloggerUserId),
                ),
              )
              .returning({ id: bloggerFollow.id });
        const [row] = await tx
          .update(blogger)
          .set({ fansCount: sql`greatest(${blogger.fansCount} + ${changed.length > 0 ? (on ? 1 : -1) : 0}, 0)` })
          .where(of(siteId, bloggerUserId))
          .returning({ fansCount: blogger.fansCount });
        return { changed: changed.length > 0, fansCount: row?.fansCount ?? 0 };
      });
    },
    /** The user ids a fan follows (`side` 'following') or the fans of a blogger ('fans'), newest first. */
    async followPage(siteId: bigint, userId: bigint, side: 'following' | 'fans', q: TPageQuery) {
      const where =
        side === 'following'
          ? and(eq(bloggerFollow.siteId, siteId), eq(bloggerFollow.userId, userId))
          : and(eq(bloggerFollow.siteId, siteId), eq(bloggerFollow.bloggerUserId, userId));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({ fan: bloggerFollow.userId, blogger: bloggerFollow.bloggerUserId })
        .from(bloggerFollow)
        .where(where)
        .orderBy(desc(bloggerFollow.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(bloggerFollow).where(where);
      return { ids: rows.map((r) => (side === 'following' ? r.blogger : r.fan)), total: total!.n };
    },
  };
}
export type BloggerRepo = ReturnType<typeof bloggerRepo>;
