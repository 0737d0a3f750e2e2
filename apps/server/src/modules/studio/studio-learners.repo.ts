import { and, count, desc, eq } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { courseAudit } from '../../db/schema/studio.ts';

/** The lecturer's courses that have a published version (the ones that can have learners). */
export function studioLearnersRepo(db: Db) {
  return {
    async publishedPage(siteId: bigint, userId: bigint, q: TPageQuery & { courseType?: number }) {
      const where = and(
        eq(courseAudit.siteId, siteId),
        eq(courseAudit.lecturerUserId, userId),
        eq(courseAudit.statusId, 1),
        eq(courseAudit.isPublished, 1),
        q.courseType !== undefined ? eq(courseAudit.courseType, q.courseType) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(courseAudit)
          .where(where)
          .orderBy(desc(courseAudit.gmtCreate), desc(courseAudit.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(courseAudit).where(where),
      ]);
      return { rows, total: total!.n };
    },
  };
}
