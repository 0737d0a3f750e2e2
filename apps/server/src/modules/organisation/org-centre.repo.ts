import { and, count, desc, eq, inArray, or, sql, sum, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { OrderStatus } from '#contract/order.ts';
import { OrgRelationStatus } from '#contract/organisation.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { course } from '../../db/schema/course.ts';
import { examPaper } from '../../db/schema/exam.ts';
import { grade } from '../../db/schema/grade.ts';
import { lecturer } from '../../db/schema/lecturer.ts';
import { orderInfo } from '../../db/schema/order.ts';
import { orgLecturer } from '../../db/schema/organisation.ts';

/**
 * What an organisation's lecturers publish and sell, read straight from the course, class, paper and order tables
 * (decision 47): a read model of the organisation centre, which changes nothing there. Only lecturers teaching for
 * the organisation now count, and only sales paid since each joined.
 */
export function orgCentreRepo(db: Db) {
  const teaching = (siteId: bigint, orgUserId: bigint) =>
    db
      .select({ id: orgLecturer.lecturerUserId })
      .from(orgLecturer)
      .where(
        and(
          eq(orgLecturer.siteId, siteId),
          eq(orgLecturer.orgUserId, orgUserId),
          eq(orgLecturer.status, OrgRelationStatus.ACCEPTED),
        ),
      );
  const lecturerName = sql<string>`coalesce((select ${lecturer.lecturerName} from ${lecturer} where ${lecturer.siteId} = ${course.siteId} and ${lecturer.userId} = ${course.lecturerUserId}), '')`;

  async function paged<T>(q: TPageQuery, rows: (limit: number, offset: number) => Promise<T[]>, n: Promise<number>) {
    const { limit, offset } = pageWindow(q);
    const [list, total] = await Promise.all([rows(limit, offset), n]);
    return { rows: list, total };
  }
  const counted = async (p: Promise<{ n: number }[]>) => (await p)[0]!.n;

  const courseWhere = (siteId: bigint, orgUserId: bigint, shelfOnly: boolean): SQL =>
    and(
      eq(course.siteId, siteId),
      inArray(course.lecturerUserId, teaching(siteId, orgUserId)),
      shelfOnly ? and(eq(course.isPutaway, 1), eq(course.statusId, 1)) : undefined,
    )!;
  // classes are run by lecturers and by organisations themselves (grade.policy.ts): both are the organisation's
  const gradeWhere = (siteId: bigint, orgUserId: bigint) =>
    and(
      eq(grade.siteId, siteId),
      eq(grade.statusId, 1),
      or(eq(grade.lecturerUserId, orgUserId), inArray(grade.lecturerUserId, teaching(siteId, orgUserId))),
    );
  const examWhere = (siteId: bigint, orgUserId: bigint) =>
    and(
      eq(examPaper.siteId, siteId),
      eq(examPaper.statusId, 1),
      inArray(examPaper.lecturerUserId, teaching(siteId, orgUserId)),
    );
  // a sale counts for the organisation when its lecturer was teaching for it at the time of payment
  const saleWhere = (siteId: bigint, orgUserId: bigint) =>
    and(
      eq(orderInfo.siteId, siteId),
      inArray(orderInfo.orderStatus, [OrderStatus.PAID, OrderStatus.REFUNDED]),
      sql`exists (select 1 from ${orgLecturer} where ${orgLecturer.siteId} = ${orderInfo.siteId} and ${orgLecturer.orgUserId} = ${orgUserId} and ${orgLecturer.status} = ${OrgRelationStatus.ACCEPTED} and ${orgLecturer.lecturerUserId} = ${orderInfo.lecturerUserId} and ${orgLecturer.answerTime} <= ${orderInfo.payTime})`,
    );

  return {
    courses(siteId: bigint, orgUserId: bigint, q: TPageQuery, shelfOnly: boolean) {
      const where = courseWhere(siteId, orgUserId, shelfOnly);
      return paged(
        q,
        (limit, offset) =>
          db
            .select({ c: course, lecturerName })
            .from(course)
            .where(where)
            .orderBy(desc(course.id))
            .limit(limit)
            .offset(offset),
        counted(db.select({ n: count() }).from(course).where(where)),
      );
    },
    grades(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
      const where = gradeWhere(siteId, orgUserId);
      const name = sql<string>`coalesce((select ${lecturer.lecturerName} from ${lecturer} where ${lecturer.siteId} = ${grade.siteId} and ${lecturer.userId} = ${grade.lecturerUserId}), '')`;
      return paged(
        q,
        (limit, offset) =>
          db
            .select({ g: grade, lecturerName: name })
            .from(grade)
            .where(where)
            .orderBy(desc(grade.id))
            .limit(limit)
            .offset(offset),
        counted(db.select({ n: count() }).from(grade).where(where)),
      );
    },
    exams(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
      const where = examWhere(siteId, orgUserId);
      const name = sql<string>`coalesce((select ${lecturer.lecturerName} from ${lecturer} where ${lecturer.siteId} = ${examPaper.siteId} and ${lecturer.userId} = ${examPaper.lecturerUserId}), '')`;
      return paged(
        q,
        (limit, offset) =>
          db
            .select({ e: examPaper, lecturerName: name })
            .from(examPaper)
            .where(where)
            .orderBy(desc(examPaper.id))
            .limit(limit)
            .offset(offset),
        counted(db.select({ n: count() }).from(examPaper).where(where)),
      );
    },
    sales(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
      const where = saleWhere(siteId, orgUserId);
      return paged(
        q,
        (limit, offset) =>
          db
            .select()
            .from(orderInfo)
            .where(where)
            .orderBy(desc(orderInfo.payTime), desc(orderInfo.id))
            .limit(limit)
            .offset(offset),
        counted(db.select({ n: count() }).from(orderInfo).where(where)),
      );
    },
    async totals(siteId: bigint, orgUserId: bigint) {
      const paid = and(saleWhere(siteId, orgUserId), eq(orderInfo.orderStatus, OrderStatus.PAID));
      const [courses, grades, exams, [sales]] = await Promise.all([
        counted(
          db
            .select({ n: count() })
            .from(course)
            .where(courseWhere(siteId, orgUserId, false)),
        ),
        counted(db.select({ n: count() }).from(grade).where(gradeWhere(siteId, orgUserId))),
        counted(db.select({ n: count() }).from(examPaper).where(examWhere(siteId, orgUserId))),
        db
          .select({ n: count(), amount: sum(orderInfo.pricePaid) })
          .from(orderInfo)
          .where(paid),
      ]);
      return { courses, grades, exams, orders: sales!.n, amount: Number(sales!.amount ?? 0) };
    },
    /** The listed lecturer profiles of the lecturers teaching for the organisation now. */
    lecturers(siteId: bigint, orgUserId: bigint) {
      return db
        .select()
        .from(lecturer)
        .where(
          and(
            eq(lecturer.siteId, siteId),
            eq(lecturer.statusId, 1),
            inArray(lecturer.userId, teaching(siteId, orgUserId)),
          ),
        )
        .orderBy(lecturer.sort, lecturer.id);
    },
    /** Lecturer names and pictures by user id, for the relations' list. */
    async lecturerCards(siteId: bigint, userIds: bigint[]) {
      if (!userIds.length) return new Map<bigint, { lecturerName: string; headImgUrl: string }>();
      const rows = await db
        .select({ userId: lecturer.userId, lecturerName: lecturer.lecturerName, headImgUrl: lecturer.headImgUrl })
        .from(lecturer)
        .where(and(eq(lecturer.siteId, siteId), inArray(lecturer.userId, userIds)));
      return new Map(rows.map((r) => [r.userId, r]));
    },
  };
}
export type OrgCentreRepo = ReturnType<typeof orgCentreRepo>;
