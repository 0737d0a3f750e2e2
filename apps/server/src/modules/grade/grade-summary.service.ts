import ExcelJS from 'exceljs';
import type { TPageQuery } from '#contract/call.ts';
import { GradeRole, SummaryOrder } from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage } from '../../platform/db/page.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { formatTime } from '../../platform/time.ts';
import { mustBeTeacher, mustManage } from './grade.policy.ts';
import { gradeSummaryRepo, type GradeSummaryRepo } from './grade-summary.repo.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { GradeService } from './grade.service.ts';

/** Users per query when a whole class is read: well under PostgreSQL's limit on parameters. */
const CHUNK = 2_000;
/**
 * How long a class's ranking is reused: a teacher pages through it (250 pages for 5,000 members), and reading every
 * member's progress takes about a second for a class that size, so it is read once for all the pages and for
 * requests arriving while it is read.
 */
const RANKING_TTL_MS = 30_000;

type Course = { id: bigint; courseName: string; periodTotal: number };
interface Member {
  userId: bigint;
  role: number;
  joinedAt: Date;
}

type Row = Member & { progress: number[]; meanProgress: number };

const meanOf = (each: number[]) =>
  each.length ? Math.round((each.reduce((a, b) => a + b, 0) / each.length) * 10) / 10 : 0;

/**
 * The class summary: each member's progress in each class course and score in each class exam, in the member list's order or ranked by the
 * mean, and the teacher's export of the ranking as a spreadsheet.
 */
export class GradeSummaryService {
  private readonly grades: GradeService;
  private readonly repo: GradeSummaryRepo;
  private readonly rankings = new LocalCache<string, Promise<Row[]>>({ max: 500, ttlMs: RANKING_TTL_MS });
  constructor(p: Platform, grades: GradeService) {
    this.grades = grades;
    this.repo = gradeSummaryRepo(p.db);
  }
  private get d() {
    return this.grades.d;
  }

  /** Each member's progress per course (percent), keyed `userId:courseId`, read in chunks of users. */
  private async progress(siteId: bigint, ids: bigint[], courses: Course[]) {
    const all = new Map<string, number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      for (const [k, v] of await this.d.study.progressOf(siteId, ids.slice(i, i + CHUNK), courses)) all.set(k, v);
    }
    return all;
  }

  private async users(siteId: bigint, ids: bigint[]) {
    const all = new Map<bigint, UserBrief>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      for (const [k, v] of await this.d.users.briefs(siteId, ids.slice(i, i + CHUNK))) all.set(k, v);
    }
    return all;
  }

  private rowsOf(members: Member[], courses: Course[], progress: Map<string, number>): Row[] {
    return members.map((m) => {
      const each = courses.map((c) => progress.get(`${m.userId}:${c.id}`) ?? 0);
      return { ...m, progress: each, meanProgress: meanOf(each) };
    });
  }

  /** Every member, highest mean progress first; ties keep the member list's order (reused for RANKING_TTL_MS). */
  private ranking(siteId: bigint, gradeId: bigint, courses: Course[]): Promise<Row[]> {
    const key = `${siteId}:${gradeId}:${courses.map((c) => c.id).join(',')}`;
    const known = this.rankings.get(key);
    if (known) return known;
    const reading = this.rank(siteId, gradeId, courses);
    this.rankings.set(key, reading);
    reading.catch(() => this.rankings.delete(key));
    return reading;
  }

  private async rank(siteId: bigint, gradeId: bigint, courses: Course[]) {
    const members = await this.repo.allMembers(siteId, gradeId);
    const progress = await this.progress(
      siteId,
      members.map((m) => m.userId),
      courses,
    );
    return this.rowsOf(members, courses, progress)
      .map((r, i) => ({ r, i }))
      .sort((a, b) => b.r.meanProgress - a.r.meanProgress || a.i - b.i)
      .map(({ r }) => r);
  }

  async summary(siteId: bigint, userId: bigint, gradeId: bigint, q: TPageQuery & { order: number }) {
    const { relation } = await this.grades.withRelation(siteId, gradeId, userId);
    mustManage(relation);
    const courses = await this.grades.courseCards(siteId, gradeId);
    let rows: Row[];
    let total: number;
    if (q.order === SummaryOrder.RANKED) {
      const ranked = await this.ranking(siteId, gradeId, courses);
      const start = (q.pageCurrent - 1) * q.pageSize;
      rows = ranked.slice(start, start + q.pageSize);
      total = ranked.length;
    } else {
      const page = await this.grades.repo.memberPage(siteId, gradeId, 0, q);
      const ids = page.rows.map((r) => r.userId);
      rows = this.rowsOf(page.rows, courses, await this.progress(siteId, ids, courses));
      total = page.total;
    }
    const ids = rows.map((r) => r.userId);
    const [users, exams] = await Promise.all([
      this.users(siteId, ids),
      this.grades.exams?.scores(siteId, gradeId, ids),
    ]);
    const page = toPage(rows, total, q, (r) => ({
      userId: String(r.userId),
      nickname: users.get(r.userId)?.nickname ?? '',
      role: r.role,
      progress: r.progress,
      meanProgress: r.meanProgress,
      scores: exams?.scoreOf(r.userId) ?? [],
    }));
    return {
      ...page,
      courses: courses.map((c) => ({ courseId: String(c.id), courseName: c.courseName })),
      exams: exams?.exams ?? [],
    };
  }

  /**
   * A class's figures for the chart of progress over time: its members now, the mean of their mean progress, and
   * how many of them studied a class course in [from, to). `fresh` reads past the ranking's cache (the daily job);
   * the live point of today reuses it, as the ranking page does.
   */
  async figures(siteId: bigint, gradeId: bigint, from: Date, to: Date, fresh: boolean) {
    const courses = await this.grades.courseCards(siteId, gradeId);
    const rows = await (fresh ? this.rank(siteId, gradeId, courses) : this.ranking(siteId, gradeId, courses));
    const ids = rows.map((r) => r.userId);
    let studiedCount = 0;
    for (let i = 0; i < ids.length; i += CHUNK) {
      studiedCount += await this.d.study.studiedCount(
        siteId,
        ids.slice(i, i + CHUNK),
        courses.map((c) => c.id),
        from,
        to,
      );
    }
    return { memberCount: rows.length, meanProgress: meanOf(rows.map((r) => r.meanProgress)), studiedCount };
  }

  /** The ranking as a workbook for the teacher: one row per member, one column per class course. */
  async export(siteId: bigint, userId: bigint, gradeId: bigint): Promise<{ fileName: string; body: Buffer }> {
    const { g, relation } = await this.grades.withRelation(siteId, gradeId, userId);
    mustBeTeacher(relation);
    const courses = await this.grades.courseCards(siteId, gradeId);
    const ranked = await this.rank(siteId, gradeId, courses);
    const ids = ranked.map((r) => r.userId);
    const [users, exams] = await Promise.all([
      this.users(siteId, ids),
      this.grades.exams?.scores(siteId, gradeId, ids),
    ]);
    const wb = new ExcelJS.Workbook();
    wb.creator = '青课';
    const ws = wb.addWorksheet('学习统计');
    ws.columns = [
      { header: '排名', key: 'rank', width: 8 },
      { header: '昵称', key: 'nickname', width: 16 },
      { header: '手机号', key: 'mobile', width: 14 },
      { header: '身份', key: 'role', width: 12 },
      { header: '加入时间', key: 'joinedAt', width: 20 },
      ...courses.map((c, i) => ({ header: `${c.courseName}（%）`, key: `c${i}`, width: 18 })),
      { header: '平均进度（%）', key: 'mean', width: 14 },
      ...(exams?.exams ?? []).map((e, i) => ({ header: `${e.examName}（分）`, key: `e${i}`, width: 18 })),
    ];
    ws.getRow(1).font = { bold: true };
    ranked.forEach((r, i) => {
      const u = users.get(r.userId);
      ws.addRow({
        rank: i + 1,
        nickname: u?.nickname ?? '',
        mobile: u?.mobile ?? '',
        role: r.role === GradeRole.ADMIN ? '班级管理员' : '学员',
        joinedAt: formatTime(r.joinedAt),
        ...Object.fromEntries(r.progress.map((p, j) => [`c${j}`, p])),
        mean: r.meanProgress,
        // a class exam not sat is an empty cell, not a zero
        ...Object.fromEntries((exams?.scoreOf(r.userId) ?? []).map((v, j) => [`e${j}`, v < 0 ? '' : v])),
      });
    });
    return { fileName: `${g.gradeName}-学习统计.xlsx`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
  }
}
