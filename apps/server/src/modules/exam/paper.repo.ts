import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import {
  examPaper,
  examPaperAudit,
  examPaperProblem,
  examPaperProblemAudit,
  examPaperSection,
  examPaperSectionAudit,
} from '../../db/schema/exam.ts';

export type PaperAuditRow = typeof examPaperAudit.$inferSelect;
export type PaperRow = typeof examPaper.$inferSelect;
export type PaperValues = Pick<
  PaperAuditRow,
  | 'examName'
  | 'subjectId'
  | 'yearId'
  | 'description'
  | 'answerTime'
  | 'passScore'
  | 'isFree'
  | 'priceFen'
  | 'shuffleProblems'
  | 'shuffleOptions'
  | 'partialRule'
  | 'leaveLimit'
>;

/** A paper's outline: sections in order, each with its problem refs in order. */
export interface Outline {
  sections: {
    id: bigint;
    titleName: string;
    score: number;
    refs: { problemId: bigint; score: number; sort: number }[];
  }[];
}
export interface OutlineIn {
  sections: { titleName: string; score: number; refs: { problemId: bigint; score: number }[] }[];
}

type Copy = 'audit' | 'published';
const tables = (copy: Copy) =>
  copy === 'audit'
    ? { s: examPaperSectionAudit, r: examPaperProblemAudit }
    : { s: examPaperSection, r: examPaperProblem };

export interface ShelfFilter {
  subjectId?: string;
  yearId?: string;
  isFree?: number;
  examName: string;
}

export function paperRepo(db: Db) {
  async function outline(siteId: bigint, examId: bigint, copy: Copy, tx: Db = db): Promise<Outline> {
    const { s, r } = tables(copy);
    const sections = await tx
      .select()
      .from(s)
      .where(and(eq(s.siteId, siteId), eq(s.examId, examId)))
      .orderBy(asc(s.sort), asc(s.id));
    const refs = await tx
      .select()
      .from(r)
      .where(and(eq(r.siteId, siteId), eq(r.examId, examId)))
      .orderBy(asc(r.sort), asc(r.id));
    return {
      sections: sections.map((sec) => ({
        id: sec.id,
        titleName: sec.titleName,
        score: sec.score,
        refs: refs
          .filter((x) => x.sectionId === sec.id)
          .map((x) => ({ problemId: x.problemId, score: x.score, sort: x.sort })),
      })),
    };
  }
  async function writeOutline(tx: Db, siteId: bigint, examId: bigint, copy: Copy, o: OutlineIn): Promise<void> {
    const { s, r } = tables(copy);
    await tx.delete(r).where(and(eq(r.siteId, siteId), eq(r.examId, examId)));
    await tx.delete(s).where(and(eq(s.siteId, siteId), eq(s.examId, examId)));
    let sort = 0;
    for (const [i, sec] of o.sections.entries()) {
      const sectionId = newId();
      await tx.insert(s).values({ id: sectionId, siteId, examId, titleName: sec.titleName, score: sec.score, sort: i });
      if (sec.refs.length) {
        await tx.insert(r).values(
          sec.refs.map((ref) => ({
            id: newId(),
            siteId,
            examId,
            sectionId,
            problemId: ref.problemId,
            score: ref.score,
            sort: sort++,
          })),
        );
      }
    }
  }
  async function shelfPaged(q: TPageQuery, where: SQL | undefined, order: SQL[]) {
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select()
      .from(examPaper)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(examPaper).where(where);
    return { rows, total: total!.n };
  }
  const onShelf = (siteId: bigint) =>
    and(eq(examPaper.siteId, siteId), eq(examPaper.isPutAway, 1), eq(examPaper.statusId, 1));

  return {
    outline,
    async insertAudit(siteId: bigint, lecturerUserId: bigint, values: PaperValues): Promise<PaperAuditRow> {
      const [row] = await db
        .insert(examPaperAudit)
        .values({ ...values, id: newId(), siteId, lecturerUserId })
        .returning();
      return row!;
    },
    async auditById(siteId: bigint, id: bigint): Promise<PaperAuditRow | undefined> {
      const [row] = await db
        .select()
        .from(examPaperAudit)
        .where(and(eq(examPaperAudit.siteId, siteId), eq(examPaperAudit.id, id), eq(examPaperAudit.statusId, 1)))
        .limit(1);
      return row;
    },
    /** `whenStatus` guards a status change against a concurrent one (two administrators, a double click). */
    async updateAudit(
      siteId: bigint,
      id: bigint,
      values: Partial<typeof examPaperAudit.$inferInsert>,
      whenStatus?: number,
    ): Promise<PaperAuditRow | undefined> {
      const [row] = await db
        .update(examPaperAudit)
        .set({ ...values, gmtModified: new Date() })
        .where(
          and(
            eq(examPaperAudit.siteId, siteId),
            eq(examPaperAudit.id, id),
            whenStatus === undefined ? undefined : eq(examPaperAudit.auditStatus, whenStatus),
          ),
        )
        .returning();
      return row;
    },
    async auditPage(
      siteId: bigint,
      q: TPageQuery & { examName: string; auditStatus?: number },
      lecturerUserId?: bigint,
    ) {
      const conds: SQL[] = [eq(examPaperAudit.siteId, siteId), eq(examPaperAudit.statusId, 1)];
      if (lecturerUserId !== undefined) conds.push(eq(examPaperAudit.lecturerUserId, lecturerUserId));
      if (q.auditStatus !== undefined) conds.push(eq(examPaperAudit.auditStatus, q.auditStatus));
      if (q.examName) conds.push(ilike(examPaperAudit.examName, containing(q.examName)));
      const where = and(...conds);
      const { limit, offset } = pageWindow(q);
      const order =
        lecturerUserId === undefined
          ? [sql`(${examPaperAudit.auditStatus} = 0) DESC`, desc(examPaperAudit.gmtModified)]
          : [desc(examPaperAudit.id)];
      const rows = await db
        .select()
        .from(examPaperAudit)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examPaperAudit).where(where);
      return { rows, total: total!.n };
    },
    /** Replaces the audit copy's outline and its totals in one transaction. */
    async saveAuditOutline(
      siteId: bigint,
      examId: bigint,
      o: OutlineIn,
      totals: { totalScore: number; problemCount: number },
    ): Promise<PaperAuditRow> {
      return withTransaction(db, async (tx) => {
        await writeOutline(tx, siteId, examId, 'audit', o);
        const [row] = await tx
          .update(examPaperAudit)
          .set({ ...totals, auditStatus: 3, gmtModified: new Date() })
          .where(and(eq(examPaperAudit.siteId, siteId), eq(examPaperAudit.id, examId)))
          .returning();
        return row!;
      });
    },
    /**
     * Approval: the audit copy becomes the published copy (same id) with its outline, in one transaction. A
     * paper published for the first time goes on the shelf; a re-approved one keeps its shelf state.
     */
    async publish(siteId: bigint, examId: bigint, opinion: string): Promise<PaperAuditRow | undefined> {
      return withTransaction(db, async (t) => {
        const [a] = await t
          .update(examPaperAudit)
          .set({ auditStatus: 1, auditOpinion: opinion, auditTime: new Date(), gmtModified: new Date() })
          .where(
            and(eq(examPaperAudit.siteId, siteId), eq(examPaperAudit.id, examId), eq(examPaperAudit.auditStatus, 0)),
          )
          .returning();
        if (!a) return undefined;
        const fields = {
          lecturerUserId: a.lecturerUserId,
          examName: a.examName,
          subjectId: a.subjectId,
          yearId: a.yearId,
          description: a.description,
          answerTime: a.answerTime,
          totalScore: a.totalScore,
          passScore: a.passScore,
          problemCount: a.problemCount,
          isFree: a.isFree,
          priceFen: a.priceFen,
          shuffleProblems: a.shuffleProblems,
          shuffleOptions: a.shuffleOptions,
          partialRule: a.partialRule,
          leaveLimit: a.leaveLimit,
        };
        await t
          .insert(examPaper)
          .values({ ...fields, id: a.id, siteId, isPutAway: 1 })
          .onConflictDoUpdate({
            target: examPaper.id,
            set: { ...fields, version: sql`${examPaper.version} + 1`, gmtModified: new Date() },
          });
        const o = await outline(siteId, examId, 'audit', t);
        await writeOutline(t, siteId, examId, 'published', { sections: o.sections });
        return a;
      });
    },
    async paperById(siteId: bigint, id: bigint): Promise<PaperRow | undefined> {
      const [row] = await db
        .select()
        .from(examPaper)
        .where(and(eq(examPaper.siteId, siteId), eq(examPaper.id, id), eq(examPaper.statusId, 1)))
        .limit(1);
      return row;
    },
    papersByIds(siteId: bigint, ids: bigint[]): Promise<PaperRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(examPaper)
        .where(and(eq(examPaper.siteId, siteId), inArray(examPaper.id, ids)));
    },
    async setPutAway(siteId: bigint, id: bigint, isPutAway: number): Promise<void> {
      await db
        .update(examPaper)
        .set({ isPutAway, gmtModified: new Date() })
        .where(and(eq(examPaper.siteId, siteId), eq(examPaper.id, id)));
    },
    /** Adds submitted attempts to papers' taker counts, all papers of a batch in one statement. */
    async addStudies(batch: { siteId: bigint; examId: bigint; n: number }[]): Promise<void> {
      if (batch.length === 0) return;
      const rows = sql.join(
        batch.map((b) => sql`(${b.siteId}::bigint, ${b.examId}::bigint, ${b.n}::int)`),
        sql`, `,
      );
      await db.execute(sql`
        UPDATE exam_paper p SET study_count = p.study_count + v.n
        FROM (VALUES ${rows}) AS v(site_id, id, n)
        WHERE p.site_id = v.site_id AND p.id = v.id`);
    },
    shelfPage(siteId: bigint, q: TPageQuery & ShelfFilter) {
      const conds: (SQL | undefined)[] = [onShelf(siteId)];
      if (q.subjectId) conds.push(eq(examPaper.subjectId, BigInt(q.subjectId)));
      if (q.yearId) conds.push(eq(examPaper.yearId, BigInt(q.yearId)));
      if (q.isFree !== undefined) conds.push(eq(examPaper.isFree, q.isFree));
      if (q.examName) conds.push(ilike(examPaper.examName, containing(q.examName)));
      return shelfPaged(q, and(...conds), [asc(examPaper.sort), desc(examPaper.id)]);
    },
    /** Papers on the shelf by id, in the order of `ids` (the search index's rank). */
    async onShelfByIds(siteId: bigint, ids: bigint[]): Promise<PaperRow[]> {
      if (!ids.length) return [];
      const rows = await db
        .select()
        .from(examPaper)
        .where(and(onShelf(siteId), inArray(examPaper.id, ids)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    recommend(siteId: bigint, subjectId: string | undefined, n: number): Promise<PaperRow[]> {
      const where = and(onShelf(siteId), subjectId ? eq(examPaper.subjectId, BigInt(subjectId)) : undefined);
      return db
        .select()
        .from(examPaper)
        .where(where)
        .orderBy(desc(examPaper.isFree), desc(examPaper.studyCount), desc(examPaper.id))
        .limit(n);
    },
    ownPublishedPage(siteId: bigint, lecturerUserId: bigint, q: TPageQuery) {
      return shelfPaged(
        q,
        and(eq(examPaper.siteId, siteId), eq(examPaper.lecturerUserId, lecturerUserId), eq(examPaper.statusId, 1)),
        [desc(examPaper.id)],
      );
    },
  };
}
export type PaperRepo = ReturnType<typeof paperRepo>;
