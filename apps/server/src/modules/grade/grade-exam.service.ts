import type { TPageQuery } from '#contract/call.ts';
import { RecordStatus } from '#contract/exam-attempt.ts';
import { GRADE_EXAM_LIMITS, gradeExamStateName, type TGradeExam } from '#contract/grade-exam.ts';
import { GradeRelation } from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { formatTime, parseShanghaiTime } from '../../platform/time.ts';
import type { AttemptService } from '../exam/attempt.service.ts';
import type { HeldAttemptService } from '../exam/held-attempt.service.ts';
import type { MarkingService } from '../exam/marking.service.ts';
import type { ResultService } from '../exam/result.service.ts';
import { mustBeTeacher, relationTo } from './grade.policy.ts';
import { FRAME_TTL_MS, type GradeService } from './grade.service.ts';
import { answersShown, beginRefusal, mustBeMember, stateOf } from './grade-exam.policy.ts';
import { NOBODY, presentGradeExam, type MyPart } from './grade-exam.presenter.ts';
import { gradeExamRepo, type GradeExamRepo, type GradeExamRow, type GradeExamStudentRow } from './grade-exam.repo.ts';
import { GradeScoreBoard, type ScoreBoard } from './grade-score-board.ts';

/** What class exams use of the exam domain: its attempt engine, results, marking and the attempts held by classes. */
export interface GradeExamDeps {
  attempts: AttemptService;
  results: ResultService;
  marking: MarkingService;
  held: HeldAttemptService;
}

/** A class exam as a call finds it: its row, its class's end and teacher, and what the caller is to the class. */
export interface Gate {
  e: GradeExamRow;
  gradeEnd: Date;
  teacherId: bigint;
  relation: number;
}

const DAY = 86_400_000;

function timeOf(text: string): Date {
  const d = parseShanghaiTime(text);
  if (!d) throw fail('时间格式应为 YYYY-MM-DD HH:mm:ss');
  return d;
}

/**
 * Class exams (班级考试): the teacher assigns papers of their bank to a class; members see the class's exams with
 * their own standing. The attempts themselves go through GradeExamAttemptService on the exam engine.
 */
export class GradeExamService {
  readonly repo: GradeExamRepo;
  readonly x: GradeExamDeps;
  readonly grades: GradeService;
  private readonly named = new LocalCache<string, Promise<{ id: bigint; examName: string }[]>>({
    max: 1_000,
    ttlMs: FRAME_TTL_MS,
  });
  private readonly boards: GradeScoreBoard;
  constructor(p: Platform, grades: GradeService, x: GradeExamDeps) {
    this.repo = gradeExamRepo(p.db);
    this.grades = grades;
    this.x = x;
    this.boards = new GradeScoreBoard(p, {
      held: () => this.x.held,
      examsOf: (siteId, gradeId) => this.namedOf(siteId, gradeId),
      gradeOf: async (siteId, gradeExamId) => (await this.repo.byId(siteId, gradeExamId))?.gradeId,
    });
  }

  /** HeldAnswers: an attempt at the class exam was handed in or marked; its class's scores changed. */
  scored(siteId: bigint, gradeExamId: bigint): Promise<void> {
    return this.boards.scored(siteId, gradeExamId);
  }

  /** The summary's scores: every member's best in each of the class's exams, kept until one of them changes. */
  board(siteId: bigint, gradeId: bigint): Promise<ScoreBoard> {
    return this.boards.board(siteId, gradeId);
  }

  /** The class exam, live, in a live class, and what the user is to that class; checked on every call. */
  async gate(siteId: bigint, userId: bigint, gradeExamId: bigint): Promise<Gate> {
    const row = await this.repo.gate(siteId, gradeExamId, userId);
    if (!row || row.gradeStatus !== 1) throw notFound('班级考试');
    const member = row.memberStatus === null ? undefined : { statusId: row.memberStatus, role: row.role ?? 1 };
    return {
      e: row.exam,
      gradeEnd: row.gradeEnd,
      teacherId: row.teacherId,
      relation: relationTo({ lecturerUserId: row.teacherId }, userId, member),
    };
  }

  private async rules(
    siteId: bigint,
    teacherId: bigint,
    f: { examId: string; beginTime: string; endTime: string; attemptLimit: number; isShowAnswer: number },
    gradeEnd: Date,
  ) {
    await this.x.marking.ownPaper(siteId, teacherId, f.examId);
    const beginTime = timeOf(f.beginTime);
    const endTime = timeOf(f.endTime);
    if (endTime <= beginTime) throw fail('结束时间应晚于开始时间');
    if (endTime.getTime() - beginTime.getTime() > GRADE_EXAM_LIMITS.maxWindowDays * DAY)
      throw fail(`考试开放时间不能超过 ${GRADE_EXAM_LIMITS.maxWindowDays} 天`);
    if (endTime > gradeEnd) throw fail(`考试结束时间不能晚于班级结束时间 ${formatTime(gradeEnd)}`);
    return {
      examId: BigInt(f.examId),
      beginTime,
      endTime,
      attemptLimit: f.attemptLimit,
      isShowAnswer: f.isShowAnswer,
    };
  }

  async save(
    siteId: bigint,
    userId: bigint,
    f: {
      gradeId: string;
      examId: string;
      beginTime: string;
      endTime: string;
      attemptLimit: number;
      isShowAnswer: number;
    },
  ): Promise<TGradeExam> {
    const { g, relation } = await this.grades.withRelation(siteId, BigInt(f.gradeId), userId);
    mustBeTeacher(relation);
    if (g.endTime.getTime() <= Date.now()) throw fail('班级已结束，不能再布置考试');
    const v = await this.rules(siteId, userId, f, g.endTime);
    if (v.endTime.getTime() <= Date.now()) throw fail('结束时间应晚于现在');
    const row = await this.repo.insert(siteId, g.id, userId, v);
    this.named.delete(`${siteId}:${g.id}`);
    return (await this.present(siteId, userId, [row], GradeRelation.TEACHER))[0]!;
  }

  async edit(
    siteId: bigint,
    userId: bigint,
    f: { id: string; examId: string; beginTime: string; endTime: string; attemptLimit: number; isShowAnswer: number },
  ): Promise<TGradeExam> {
    const { e, gradeEnd, relation } = await this.gate(siteId, userId, BigInt(f.id));
    mustBeTeacher(relation);
    const v = await this.rules(siteId, userId, f, gradeEnd);
    if (v.examId !== e.examId && (await this.x.held.records(siteId, [e.id])).length > 0)
      throw fail('已有成员参加这场考试，不能更换试卷');
    const row = await this.repo.update(siteId, e.id, v);
    if (!row) throw notFound('班级考试');
    this.named.delete(`${siteId}:${e.gradeId}`);
    return (await this.present(siteId, userId, [row], GradeRelation.TEACHER))[0]!;
  }

  async remove(siteId: bigint, userId: bigint, id: bigint): Promise<null> {
    const { e, relation } = await this.gate(siteId, userId, id);
    mustBeTeacher(relation);
    if (!(await this.repo.remove(siteId, id))) throw notFound('班级考试');
    this.named.delete(`${siteId}:${e.gradeId}`);
    return null;
  }

  /** The class's exams: for the teacher with counts, for a member with their own standing; nobody else. */
  async list(siteId: bigint, userId: bigint, gradeId: bigint, q: TPageQuery): Promise<Page<TGradeExam>> {
    const { relation } = await this.grades.withRelation(siteId, gradeId, userId);
    if (relation !== GradeRelation.TEACHER) mustBeMember(relation);
    const { rows, total } = await this.repo.page(siteId, gradeId, q);
    return toPage(await this.present(siteId, userId, rows, relation), total, q, (x) => x);
  }

  /** The member's standing at each class exam: attempts, the one in progress, best score, whether to begin. */
  async standing(siteId: bigint, userId: bigint, rows: GradeExamRow[], gradeEnd: Date): Promise<Map<bigint, MyPart>> {
    const ids = rows.map((r) => r.id);
    const [records, rels] = await Promise.all([
      this.x.held.records(siteId, ids, userId),
      this.repo.relations(siteId, ids, userId),
    ]);
    const now = Date.now();
    return new Map(
      rows.map((e) => {
        const mine = records.filter((r) => r.gradeExamId === e.id);
        const handed = mine.filter((r) => r.status !== RecordStatus.IN_PROGRESS);
        const open = mine.find((r) => r.status === RecordStatus.IN_PROGRESS && r.deadlineTime.getTime() > now);
        const rel: GradeExamStudentRow | undefined = rels.find((r) => r.gradeExamId === e.id);
        // an attempt left past its deadline counts as sat: the engine submits it before any new one
        const reason = open ? '' : beginRefusal(e, { gradeEnd, handedIn: mine.length, rel, now });
        return [
          e.id,
          {
            myAttemptCount: handed.length,
            myRecordId: open ? String(open.recordId) : '',
            myBestScore: handed.length ? Math.max(...handed.map((r) => r.summary.totalScore)) : -1,
            myLastRecordId: handed[0] ? String(handed[0].recordId) : '',
            myCanBegin: open || !reason ? 1 : 0,
            myReason: reason,
            myCompensateStatus: rel?.compensateStatus ?? 0,
            myAnswersShown: handed.length && answersShown(e, rel, now) ? 1 : 0,
          },
        ];
      }),
    );
  }

  async present(siteId: bigint, userId: bigint, rows: GradeExamRow[], relation: number): Promise<TGradeExam[]> {
    const teacher = relation === GradeRelation.TEACHER;
    const ids = rows.map((r) => r.id);
    const [papers, best, waiting, mine] = await Promise.all([
      this.x.held.paperBriefs(
        siteId,
        rows.map((r) => r.examId),
      ),
      teacher ? this.x.held.best(siteId, ids) : Promise.resolve(new Map()),
      teacher ? this.x.held.waiting(siteId, ids) : Promise.resolve(new Map<bigint, number>()),
      teacher || rows.length === 0
        ? Promise.resolve(new Map<bigint, MyPart>())
        : this.grades.repo.byId(siteId, rows[0]!.gradeId).then((g) => this.standing(siteId, userId, rows, g!.endTime)),
    ]);
    return rows.map((e) => {
      let submitted = 0;
      if (teacher) for (const [k, v] of best) if (k.startsWith(`${e.id}:`)) submitted += v.handedIn;
      return presentGradeExam(
        e,
        papers.get(e.examId),
        { submittedCount: submitted, waitMarkCount: waiting.get(e.id) ?? 0 },
        mine.get(e.id) ?? NOBODY,
      );
    });
  }

  /** Public: whether the class exam exists and where it stands in its window; nothing about anyone. */
  async publicCheck(siteId: bigint, gradeExamId: bigint) {
    const e = await this.repo.byId(siteId, gradeExamId);
    const g = e ? await this.grades.repo.byId(siteId, e.gradeId) : undefined;
    if (!e || !g || g.statusId !== 1) throw notFound('班级考试');
    const state = stateOf(e);
    return {
      gradeExamId: String(e.id),
      gradeId: String(e.gradeId),
      state,
      stateName: gradeExamStateName[state] ?? '',
      beginTime: formatTime(e.beginTime),
      endTime: formatTime(e.endTime),
    };
  }

  /* ---- ports ---- */

  /** HeldAnswers (the exam domain's explanation videos): the member may read this class exam's answers now. */
  async answersShown(siteId: bigint, userId: bigint, gradeExamId: bigint): Promise<boolean> {
    const gate = await this.gate(siteId, userId, gradeExamId).catch(() => undefined);
    if (!gate) return false;
    if (gate.relation === GradeRelation.TEACHER) return true;
    if (gate.relation === GradeRelation.NONE) return false;
    const [rel] = await this.repo.relations(siteId, [gradeExamId], userId);
    return answersShown(gate.e, rel);
  }

  /**
   * The class's exams with their papers' names, as the summary's columns: read on every page a teacher turns, so
   * kept for FRAME_TTL_MS and dropped here when the class's exams change.
   */
  private namedOf(siteId: bigint, gradeId: bigint) {
    return this.named.load(`${siteId}:${gradeId}`, async () => {
      const exams = await this.repo.ofGrade(siteId, gradeId);
      const papers = await this.x.held.paperBriefs(
        siteId,
        exams.map((e) => e.examId),
      );
      return exams.map((e) => ({ id: e.id, examName: papers.get(e.examId)?.examName ?? '' }));
    });
  }

  /** The tips' marking count: handed-in attempts of these class exams (the teacher's) waiting for them. */
  async waitingFor(siteId: bigint, gradeExamIds: bigint[]): Promise<number> {
    const waiting = await this.x.held.waiting(siteId, gradeExamIds);
    return [...waiting.values()].reduce((a, b) => a + b, 0);
  }
}
