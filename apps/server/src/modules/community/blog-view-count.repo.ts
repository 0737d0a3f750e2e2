import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { joinedList, listOf, sqlStatement } from '../../platform/db/statement.ts';
import { blog } from '../../db/schema/community-blog.ts';
import { blogViewCount } from '../../db/schema/community-blog-feed.ts';
import type { ViewBatchItem } from './blog-view-counter.ts';

/** Posts whose counts are copied into their rows per statement, so that no statement holds many rows long. */
const FOLD_BATCH = 500;

/**
 * Adds each post's new views, all in one statement built once (a draft or a hidden post counts none), the batch
 * travelling as three comma-separated lists unnested side by side; answers the counts now stored. A post's first
 * counted view makes its row from the count its post row holds: the proposed row carries that count as
 * `folded_views`, so on a conflict `views - folded_views` of the proposed row is just the batch's views.
 *
 * A view count is not money: the statement need not wait for the disk. What it wrote survives this process dying
 * (SIGKILL, a crash) and is lost only if PostgreSQL's own machine fails within a fraction of a second. The setting
 * is made inside the statement (local to its own transaction), so a batch is one round trip.
 */
const addQ = sqlStatement<{ siteIds: string; blogIds: string; ns: string }>()(
  () => sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into ${blogViewCount} as c (site_id, blog_id, views, folded_views)
    select b.site_id, b.id, b.view_count + v.n, b.view_count
    from relaxed, unnest(${listOf('siteIds', 'bigint')}, ${listOf('blogIds', 'bigint')}, ${listOf('ns', 'int')}) as v(site_id, id, n)
    join ${blog} b on b.site_id = v.site_id and b.id = v.id
    where b.is_publish = 1 and b.is_hidden = 0
    on conflict (site_id, blog_id) do update set views = c.views + excluded.views - excluded.folded_views
    returning c.site_id::text, c.blog_id::text, c.views`,
);

/** Posts' view counts in their own narrow table, and the minute's copy of them into the posts (decision 54). */
export function blogViewCountRepo(db: Db) {
  return {
    /** Adds each post's new views in one statement (`addQ`); answers the counts now stored by `siteId:blogId`. */
    async add(items: ViewBatchItem[]): Promise<Map<string, number>> {
      const rows = (await addQ(db, {
        siteIds: joinedList(items, (i) => i.siteId),
        blogIds: joinedList(items, (i) => i.blogId),
        ns: joinedList(items, (i) => i.n),
      })) as { site_id: string; blog_id: string; views: number }[];
      return new Map(rows.map((r) => [`${r.site_id}:${r.blog_id}`, r.views]));
    },
    /**
     * Copies the counts that changed since the last copy into the posts (which rewrites those posts' rows and hot
     * scores once, not once per batch of views), `batch` posts at a time in key order; answers how many posts
     * were copied. The counters are read without a lock and marked with the count that was copied, so views
     * counted meanwhile wait for no one and are copied next time. Every site at once: a maintenance sweep, not a
     * reader's query.
     */
    async fold(batch = FOLD_BATCH): Promise<number> {
      let copied = 0;
      let after = { siteId: -1n, blogId: -1n };
      for (;;) {
        const changed = await db
          .select({ siteId: blogViewCount.siteId, blogId: blogViewCount.blogId, views: blogViewCount.views })
          .from(blogViewCount)
          .where(
            and(
              sql`(${blogViewCount.siteId}, ${blogViewCount.blogId}) > (${after.siteId}, ${after.blogId})`,
              ne(blogViewCount.views, blogViewCount.foldedViews),
            ),
          )
          .orderBy(blogViewCount.siteId, blogViewCount.blogId)
          .limit(batch);
        if (!changed.length) return copied;
        const values = sql.join(
          changed.map((c) => sql`(${c.siteId}::bigint, ${c.blogId}::bigint, ${c.views}::int)`),
          sql`, `,
        );
        await db.execute(sql`
          update ${blog} b set view_count = v.views from (values ${values}) as v(site_id, id, views)
          where b.site_id = v.site_id and b.id = v.id`);
        await db.execute(sql`
          update ${blogViewCount} c set folded_views = v.views from (values ${values}) as v(site_id, id, views)
          where c.site_id = v.site_id and c.blog_id = v.id`);
        copied += changed.length;
        if (changed.length < batch) return copied;
        after = changed.at(-1)!;
      }
    },
  };
}
export type BlogViewCountRepo = ReturnType<typeof blogViewCountRepo>;
