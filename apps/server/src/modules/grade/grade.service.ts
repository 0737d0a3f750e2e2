import { randomInt } from 'node:crypto';
import type { TPageQuery } from '#contract/call.ts';
import { GradeRelation, type TGrade, type TGradeCourse, type TGradeFields } from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { formatTime, parseShanghaiTime } from '../../platform/time.ts';
import { qrcodeDataUrl } from '../../platform/qrcode-image.ts';
import type { CourseService } from '../course/course.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { CategoryService } from '../exam/category.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { mayRunGrades, mustBelong, mustBeTeacher, mustManage, relationTo } from './grade.policy.ts';
import { presentGrade, presentGradeCourse } from './grade.presenter.ts';
import { gradeSummaryRepo, type GradeSummaryRepo } from './grade-summary.repo.ts';
import { gradeAccessRepo, type GradeAccessRepo } from './grade-access.repo.ts';
import type { ScoreBoard } from './grade-score-board.ts';
import { gradeRepo, type GradeRepo, type GradeRow, type GradeValues, type Scope } from './grade.repo.ts';

export interface GradeDeps {
  users: UserService;
  messages: MessageService;
  courses: CourseService;
  entitlement: EntitlementService;
  /** a lesson's course, answered from memory on nearly every call (PeriodAccessCache) */
  periods: { courseOf(siteId: bigint, periodId: bigint): Promise<bigint> };
  categories: CategoryService;
  /** each member's progress in the class courses (the data domain) */
  study: {
    progressOf(
      siteId: bigint,
      userIds: bigint[],
      courses: { id: bigint; periodTotal: number }[],
    ): Promise<Map<string, number>>;
    /** how many of the users studied a lesson of the courses in [from, to) */
    studiedCount(siteId: bigint, userIds: bigint[], courseIds: bigint[], from: Date, to: Date): Promise<number>;
  };
}

/** The class exams' part of the summary and the tips (GradeExamService), given once at wiring. */
export interface GradeExamFigures {
  /** every member's best score per class exam, kept until an attempt at one of them is handed in or marked */
  board(siteId: bigint, gradeId: bigint): Promise<ScoreBoard>;
  /** hand-ins of these class exams waiting to be marked */
  waitingFor(siteId: bigint, gradeExamIds: bigint[]): Promise<number>;
}

const VIA_TTL_MS = 60_000;
/** The memo key whose invalidation announces that a class opened a course to someone (accessVia). */
const GRADE_OPENED_KEY = 'grade:access-opened';
const VIA_CACHE_MAX = 20_000;

type Via = { id: bigint; gradeName: string; endTime: Date };

/** How long a class's courses and exams, read by every summary page, are reused in a process. */
export const FRAME_TTL_MS = 5_000;

// no 0/O or 1/I: the code is read aloud and typed from a screen
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 6 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** A day alone begins at its first second or ends at its last. */
function timeOf(text: string, end: boolean): Date {
  const full = text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text;
  const d = parseShanghaiTime(full);
  if (!d) throw fail('时间格式应为 YYYY-MM-DD HH:mm:ss');
  return d;
}

/**
 * Classes (班级): the teacher's classes and their courses, who sees which, the summary of members' progress, and
 * the access a class gives its members to its courses (the entitlement service's GradeAccess).
 */
export class GradeService {
  readonly repo: GradeRepo;
  private readonly access: GradeAccessRepo;
  readonly d: GradeDeps;
  private readonly counts: GradeSummaryRepo;
  /** Class exams' scores and marking, once the class exam domain is wired in. */
  exams: GradeExamFigures | undefined;
  private readonly p: Platform;
  private readonly frames = new LocalCache<string, ReturnType<CourseService['cards']>>({
    max: 1_000,
    ttlMs: FRAME_TTL_MS,
  });
  /** Per user (`siteId:userId`), the class through which each course is open to them (none, for most): read at once. */
  private readonly vias: LocalCache<string, Map<bigint, Via>>;
  constructor(p: Platform, d: GradeDeps) {
    this.p = p;
    this.vias = new LocalCache({ max: VIA_CACHE_MAX, generation: () => p.cache.memo.generation });
    this.repo = gradeRepo(p.db);
    this.access = gradeAccessRepo(p.db);
    this.counts = gradeSummaryRepo(p.db);
    this.d = d;
  }

  useExams(exams: GradeExamFigures): void {
    this.exams = exams;
  }

  /** A live (not disbanded) class and what the user is to it; a disbanded or missing one reads as missing. */
  async withRelation(siteId: bigint, gradeId: bigint, userId: bigint) {
    const g = await this.repo.byId(siteId, gradeId);
    if (!g || g.statusId !== 1) throw notFound('班级');
    const member = g.lecturerUserId === userId ? undefined : await this.repo.membership(siteId, gradeId, userId);
    return { g, member, relation: relationTo(g, userId, member) };
  }

  private async values(siteId: bigint, f: TGradeFields, keptCategory?: bigint | null): Promise<GradeValues> {
    const categoryId = f.categoryId ? BigInt(f.categoryId) : null;
    if (categoryId && categoryId !== keptCategory && !(await this.d.categories.subjects(siteId)).has(categoryId))
      throw fail('班级分类不存在或已停用，请重新选择');
    const beginTime = timeOf(f.beginTime, false);
    const endTime = timeOf(f.endTime, true);
    if (endTime <= beginTime) throw fail('结束时间应晚于开始时间');
    return {
      gradeName: f.gradeName,
      gradeCover: f.gradeCover,
      introduction: f.introduction,
      categoryId,
      capacity: f.capacity,
      beginTime,
      endTime,
      joinRule: f.joinRule,
    };
  }

  async create(siteId: bigint, userId: bigint, f: TGradeFields): Promise<TGrade> {
    mayRunGrades(await this.d.users.brief(siteId, userId));
    const v = await this.values(siteId, f);
    if (v.endTime.getTime() <= Date.now()) throw fail('结束时间应晚于现在');
    let code = newCode();
    while (await this.repo.codeTaken(siteId, code)) code = newCode();
    return this.present(siteId, userId, await this.repo.insert(siteId, userId, v, code));
  }

  async update(siteId: bigint, userId: bigint, id: bigint, f: TGradeFields): Promise<TGrade> {
    const { g, relation } = await this.withRelation(siteId, id, userId);
    mustBeTeacher(relation);
    const v = await this.values(siteId, f, g.categoryId);
    if (v.capacity > 0 && v.capacity < g.studentCount)
      throw fail(`班级已有 ${g.studentCount} 名成员，人数上限不能低于这个数`);
    const row = await this.repo.update(siteId, id, v);
    if (!row) throw notFound('班级');
    // an earlier end takes the class courses away sooner: answers kept for progress reports are checked again
    if (row.endTime < g.endTime) await this.d.entitlement.announceRevoked();
    if (row.endTime > g.endTime) await this.announceOpened();
    return this.present(siteId, userId, row);
  }

  async view(siteId: bigint, userId: bigint | null, id: bigint): Promise<TGrade> {
    const g = await this.repo.byId(siteId, id);
    if (!g || g.statusId !== 1) throw notFound('班级');
    return this.present(siteId, userId, g);
  }

  async page(siteId: bigint, userId: bigint, scope: Scope, expired: boolean, q: TPageQuery): Promise<Page<TGrade>> {
    const { rows, total } = await this.repo.page(siteId, userId, scope, expired, q);
    return this.presentPage(siteId, userId, rows, total, q);
  }

  async publicPage(siteId: bigint, q: TPageQuery & { categoryId?: string }): Promise<Page<TGrade>> {
    const { rows, total } = await this.repo.publicPage(siteId, q);
    return this.presentPage(siteId, null, rows, total, q);
  }

  async adminPage(siteId: bigint, q: TPageQuery & { gradeName: string; statusId: number }): Promise<Page<TGrade>> {
    const { rows, total } = await this.repo.adminPage(siteId, q);
    return this.presentPage(siteId, null, rows, total, q);
  }

  /** The join link carries the code, so whoever opens it joins at once; a QR code of it for phones. */
  async share(siteId: bigint, userId: bigint, id: bigint, origin: string) {
    const { g, relation } = await this.withRelation(siteId, id, userId);
    mustManage(relation);
    const joinUrl = `${origin}/grade/view/${g.id}?code=${g.invitationCode}`;
    return { joinUrl, invitationCode: g.invitationCode, qrcodeImg: await qrcodeDataUrl(joinUrl) };
  }

  /** The teacher (or the platform administrator, `asAdmin`) ends the class; its members are told. */
  async disband(siteId: bigint, userId: bigint | null, id: bigint): Promise<null> {
    const g = await this.repo.byId(siteId, id);
    if (!g || g.statusId !== 1) throw notFound('班级');
    if (userId !== null) mustBeTeacher(relationTo(g, userId, undefined));
    const members = await this.repo.disband(siteId, id);
    if (!members) throw notFound('班级');
    await this.d.entitlement.announceRevoked();
    await this.d.messages.sendEach(
      siteId,
      members.map((m) => ({
        userId: m,
        title: '班级已解散',
        text: `您所在的班级「${g.gradeName}」已解散，班级课程不再开放。`,
      })),
    );
    return null;
  }

  /* ---- courses ---- */

  /**
   * The class's courses as cards, in the class's order: read on every page of the summary a teacher turns, so
   * kept for FRAME_TTL_MS, dropped here when the class's courses change (another process sees it within that time).
   */
  courseCards(siteId: bigint, gradeId: bigint) {
    const key = `${siteId}:${gradeId}`;
    return this.frames.load(key, async () => {
      const ids = await this.repo.courseIds(siteId, gradeId);
      const cards = new Map((await this.d.courses.cards(siteId, ids)).map((c) => [c.id, c]));
      return ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
    });
  }

  async coursePage(siteId: bigint, userId: bigint, gradeId: bigint, q: TPageQuery): Promise<Page<TGradeCourse>> {
    const { relation } = await this.withRelation(siteId, gradeId, userId);
    mustBelong(relation);
    const all = await this.courseCards(siteId, gradeId);
    const start = (q.pageCurrent - 1) * q.pageSize;
    return toPage(all.slice(start, start + q.pageSize), all.length, q, (c) => presentGradeCourse(c.id, c));
  }

  /** The class's courses become exactly these: the teacher's own courses, in this order. */
  async saveCourses(siteId: bigint, userId: bigint, gradeId: bigint, courseIds: string[]): Promise<TGradeCourse[]> {
    const { relation } = await this.withRelation(siteId, gradeId, userId);
    mustBeTeacher(relation);
    const ids = [...new Set(courseIds.map(BigInt))];
    const cards = new Map((await this.d.courses.cards(siteId, ids)).map((c) => [c.id, c]));
    for (const id of ids) {
      const c = cards.get(id);
      if (!c) throw fail(`课程 ${id} 不存在或已删除`);
      if (c.lecturerUserId !== userId) throw fail(`「${c.courseName}」不是您的课程，只能把自己的课程加入班级`);
    }
    const removed = await this.repo.setCourses(siteId, gradeId, ids);
    this.frames.delete(`${siteId}:${gradeId}`);
    if (removed.length) await this.d.entitlement.announceRevoked();
    if (ids.length) await this.announceOpened();
    return ids.map((id) => presentGradeCourse(id, cards.get(id)!));
  }

  /** One course of the teacher's into the class (from the course's side). */
  async addCourse(siteId: bigint, userId: bigint, gradeId: bigint, courseId: bigint): Promise<TGradeCourse> {
    const { relation } = await this.withRelation(siteId, gradeId, userId);
    mustBeTeacher(relation);
    const [c] = await this.d.courses.cards(siteId, [courseId]);
    if (!c) throw notFound('课程');
    if (c.lecturerUserId !== userId) throw fail(`「${c.courseName}」不是您的课程，只能把自己的课程加入班级`);
    await this.repo.addCourse(siteId, gradeId, courseId);
    this.frames.delete(`${siteId}:${gradeId}`);
    await this.announceOpened();
    return presentGradeCourse(c.id, c);
  }

  /* ---- access ---- */

  /** GradeAccess: until when a member's class opens the course to them (ms), 0 when none does. */
  async memberUntil(siteId: bigint, userId: bigint, courseId: bigint): Promise<number> {
    return (await this.accessVia(siteId, userId, courseId))?.endTime.getTime() ?? 0;
  }

  /** GradeAccess: the members whose running classes open the course, in user id order after `after`. */
  memberIdsAfter(siteId: bigint, courseId: bigint, after: bigint, limit: number): Promise<bigint[]> {
    return this.access.memberIdsAfter(siteId, courseId, after, limit);
  }

  /** GradeAccess: the courses the user's running classes open ("my courses"). */
  heldCourses(siteId: bigint, userId: bigint) {
    return this.access.heldCourses(siteId, userId);
  }

  /** Whether the user may study this lesson through a class, and which. */
  async check(siteId: bigint, userId: bigint, periodId: bigint) {
    const courseId = await this.d.periods.courseOf(siteId, periodId);
    const via = await this.accessVia(siteId, userId, courseId);
    return {
      isGrade: via ? 1 : 0,
      gradeId: via ? String(via.id) : '',
      gradeName: via?.gradeName ?? '',
      endTime: formatTime(via?.endTime),
    };
  }

  /**
   * The class through which the user may study the course. A member's classes are read once for all their
   * courses (a class night checks one member's lessons of many courses), and so is a user's having none (most
   * learners' course pages ask this): kept until the first of those classes ends, for a minute at most, and only
   * while nothing has been announced: neither a gain (`announceOpened`: a member seated, a course added, a class
   * ending later) nor a loss (a quit, a kick, a disband or a shortened class announce it as taken away). So joining
   * a class counts at once, and a course missing from what is kept is not open through a class.
   */
  private async accessVia(siteId: bigint, userId: bigint, courseId: bigint): Promise<Via | undefined> {
    const key = `${siteId}:${userId}`;
    const now = Date.now();
    let kept = this.vias.get(key);
    if (!kept) {
      const generation = this.p.cache.memo.generation;
      const rows = await this.access.viasOf(siteId, userId);
      kept = new Map(rows.map((r) => [r.courseId, { id: r.id, gradeName: r.gradeName, endTime: r.endTime }]));
      const firstEnd = Math.min(...rows.map((r) => r.endTime.getTime()));
      this.vias.set(key, kept, { generation, ttlMs: Math.min(VIA_TTL_MS, firstEnd - now) });
    }
    const via = kept.get(courseId);
    return via && via.endTime.getTime() > now ? via : undefined;
  }

  /**
   * Tells every process that a class may now open a course to someone it did not (a member seated, a course
   * added, a class ending later), so the classes kept per user are read again. Called after the change committed:
   * a read made before it would keep the old answer.
   */
  async announceOpened(): Promise<void> {
    await this.p.cache.memo.invalidate(GRADE_OPENED_KEY);
  }

  /* ---- tips ---- */

  async tips(siteId: bigint, userId: bigint) {
    const counts = await this.repo.tipCounts(siteId, userId);
    const markCount = counts.teacherExamIds.length
      ? ((await this.exams?.waitingFor(siteId, counts.teacherExamIds)) ?? 0)
      : 0;
    return {
      applyCount: counts.pending,
      markCount,
      teachCount: counts.teach,
      adminCount: counts.admin,
      isGradeAdmin: counts.admin > 0 ? 1 : 0,
    };
  }

  /* ---- presenting ---- */

  async present(siteId: bigint, userId: bigint | null, g: GradeRow): Promise<TGrade> {
    const [one] = (await this.presentPage(siteId, userId, [g], 1, { pageCurrent: 1, pageSize: 1 })).list;
    return one!;
  }

  private async presentPage(
    siteId: bigint,
    userId: bigint | null,
    rows: GradeRow[],
    total: number,
    q: TPageQuery,
  ): Promise<Page<TGrade>> {
    const ids = rows.map((r) => r.id);
    const [lecturers, subjects, roles] = await Promise.all([
      this.d.users.briefs(siteId, [...new Set(rows.map((r) => r.lecturerUserId))]),
      this.d.categories.subjects(siteId),
      userId ? this.repo.rolesOf(siteId, userId, ids) : Promise.resolve(new Map<bigint, number>()),
    ]);
    const pending = new Set<bigint>();
    if (userId && rows.length === 1 && !roles.has(rows[0]!.id)) {
      if (await this.repo.pendingOf(siteId, rows[0]!.id, userId)) pending.add(rows[0]!.id);
    }
    const relations = new Map(
      rows.map((g) => {
        const role = roles.get(g.id);
        const rel =
          userId === null
            ? GradeRelation.NONE
            : relationTo(g, userId, role === undefined ? undefined : { statusId: 1, role });
        return [g.id, rel];
      }),
    );
    // waiting applications are the teacher's and the class admins' business only
    const managed = ids.filter((id) => {
      const rel = relations.get(id);
      return rel === GradeRelation.TEACHER || rel === GradeRelation.ADMIN;
    });
    const waiting = await this.counts.pendingCounts(siteId, managed);
    return toPage(rows, total, q, (g) =>
      presentGrade(g, {
        lecturerName: lecturers.get(g.lecturerUserId)?.nickname ?? '',
        categoryName: g.categoryId ? (subjects.get(g.categoryId) ?? '') : '',
        myRole: relations.get(g.id)!,
        myApplyStatus: pending.has(g.id) ? 1 : 0,
        pendingApplyCount: waiting.get(g.id) ?? 0,
      }),
    );
  }
}
