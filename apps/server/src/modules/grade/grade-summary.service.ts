import { newWorkbook } from '../../platform/workbook.ts';
import type { TPageQuery } from '#contract/call.ts';
import { GradeRole, SummaryOrder } from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage } from '../../platform/db/page.ts';
import { LocalCache, versioned } from '../../platform/local-cache.ts';
import { formatTime } from '../../platform/time.ts';
import { mustBeTeacher, mustManage } from './grade.policy.ts';
import { gradeSummaryRepo, type GradeSummaryRepo } from './grade-summary.repo.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { GradeService } from './grade.service.ts';

/** Users per query when a whole class is read: well under PostgreSQL's limit on parameters. */
const CHUNK = 2_000;
/**
 * How long a class's members, their progress and nicknames are reused: a teacher pages through them (250 pages for
 * 5,000 members, in either order), and reading every member's progress takes about a second for a class that size,
 * so it is read once for all the pages and for requests arriving while it is read. A join or a departure changes
 * the class's seat count, which every request reads, and is seen at once; progress, a new nickname and a new class
 * admin's place in the list are seen within this time. Scores have their own board (grade-score-board.ts).
 */
const RANKING_TTL_MS = 30_000;

type Course = { id: bigint; courseName: string; periodTotal: number };
interface Member {
  userId: bigint;
  role: number;
  joinedAt: Date;
}

type Row = Member & { progress: number[]; meanProgress: number };
/** A class's members with their progress, in the member list's order and ranked; what it was read for. */
interface Standing {
  joined: Row[];
  ranked: Row[];
  nicknames: Map<bigint, string>;
}

const meanOf = (each: number[]) =>
  each.length ? Math.round((each.reduce((a, b) => a + b, 0) / each.length) * 10) / 10 : 0;

/**
 * The class summary: each member's progress in each class course and score in each class exam, in the member list's order or ranked by the
 * mean, and the teacher's export of the ranking as a spreadsheet.
 */
export class GradeSummaryService {
  private readonly grades: GradeService;
  private readonly repo: GradeSummaryRepo;
  private readonly standings = new LocalCache<string, Promise<{ version: string; value: Standing }>>({
    max: 500,
    ttlMs: RANKING_TTL_MS,
  });
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

  /** The class's standing, reused for RANKING_TTL_MS while its courses and seat count stay as they were. */
  private async standing(siteId: bigint, g: { id: bigint; studentCount: number }, courses: Course[]) {
    const token = `${g.studentCount}|${courses.map((c) => c.id).join(',')}`;
    return versioned(this.standings, `${siteId}:${g.id}`, token, async () => {
      const { joined, ranked } = await this.rank(siteId, g.id, courses);
      const users = await this.users(
        siteId,
        joined.map((r) => r.userId),
      );
      return { joined, ranked, nicknames: new Map([...users].map(([id, u]) => [id, u.nickname])) };
    });
  }

  /** Every member in the member list's order, and highest mean progress first (ties keep the list's order). */
  private async rank(siteId: bigint, gradeId: bigint, courses: Course[]) {
    const members = await this.repo.allMembers(siteId, gradeId);
    const progress = await this.progress(
      siteId,
      members.map((m) => m.userId),
      courses,
    );
    const joined = this.rowsOf(members, courses, progress);
    const ranked = joined
      .map((r, i) => ({ r, i }))
      .sort((a, b) => b.r.meanProgress - a.r.meanProgress || a.i - b.i)
      .map(({ r }) => r);
    return { joined, ranked };
  }

  async summary(siteId: bigint, userId: bigint, gradeId: bigint, q: TPageQuery & { order: number }) {
    const { g, relation } = await this.grades.withRelation(siteId, gradeId, userId);
    mustManage(relation);
    const courses = await this.grades.courseCards(siteId, gradeId);
    const standing = await this.standing(siteId, g, courses);
    const all = q.order === SummaryOrder.RANKED ? standing.ranked : standing.joined;
    const start = (q.pageCurrent - 1) * q.pageSize;
    const rows = all.slice(start, start + q.pageSize);
    const total = all.length;
    const exams = await this.grades.exams?.board(siteId, gradeId);
    const page = toPage(rows, total, q, (r) => ({
      userId: String(r.userId),
      nickname: standing.nicknames.get(r.userId) ?? '',
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
   * how many of them studied a class course in [from, to). `fresh` reads past the standing kept (the daily job);
   * the live point of today reuses it, as the summary does.
   */
  async figures(siteId: bigint, gradeId: bigint, from: Date, to: Date, fresh: boolean) {
    const courses = await this.grades.courseCards(siteId, gradeId);
    const g = fresh ? undefined : await this.grades.repo.byId(siteId, gradeId);
    const rows = g
      ? (await this.standing(siteId, g, courses)).joined
      : (await this.rank(siteId, gradeId, courses)).joined;
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
    const { ranked } = await this.rank(siteId, gradeId, courses);
    const ids = ranked.map((r) => r.userId);
    const [users, exams] = await Promise.all([this.users(siteId, ids), this.grades.exams?.board(siteId, gradeId)]);
    const wb = await newWorkbook();
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
