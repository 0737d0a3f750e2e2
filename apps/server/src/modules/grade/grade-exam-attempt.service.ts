import type { TPageQuery } from '#contract/call.ts';
import { RecordStatus } from '#contract/exam-attempt.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';
import { CompensateStatus, NOT_A_MEMBER } from '#contract/grade-exam.ts';
import { GradeRelation } from '#contract/grade.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { formatTime, parseShanghaiTime } from '../../platform/time.ts';
import { mustBeTeacher } from './grade.policy.ts';
import { answersShown, attemptUntil, beginRefusal, mustBeMember, rankOf, reopened } from './grade-exam.policy.ts';
import type { GradeExamService, Gate } from './grade-exam.service.ts';

type Answers = { problemId: string; answer: string[] }[];
const GRACE_MS = EXAM_LIMITS.graceSeconds * 1000;

/**
 * A member's attempts at class exams, on the exam domain's attempt engine: every call checks the membership
 * first (leaving or being kicked out ends access at once), then hands the attempt to the engine, which keeps
 * saving per answer, resuming and the deadline as for any paper. The teacher's marking and compensation too.
 */
export class GradeExamAttemptService {
  private readonly exams: GradeExamService;
  constructor(exams: GradeExamService) {
    this.exams = exams;
  }
  private get x() {
    return this.exams.x;
  }
  private get repo() {
    return this.exams.repo;
  }

  /** The member's own attempt of a class exam and that class exam's gate. */
  private async ownAttempt(siteId: bigint, userId: bigint, recordId: string): Promise<{ gate: Gate; via: bigint }> {
    const via = await this.x.attempts.holderOf(siteId, userId, recordId);
    if (via === null) throw fail('考试记录不存在');
    const gate = await this.exams.gate(siteId, userId, via);
    mustBeMember(gate.relation);
    return { gate, via };
  }

  /** An attempt of a class exam of the caller's class, as its teacher, or as the member who sat it. */
  private async readable(siteId: bigint, userId: bigint, recordId: string): Promise<Gate> {
    const h = await this.x.held.holder(siteId, BigInt(recordId));
    if (!h || h.gradeExamId === null) throw fail('考试记录不存在');
    const gate = await this.exams.gate(siteId, userId, h.gradeExamId);
    if (gate.relation === GradeRelation.TEACHER) return gate;
    mustBeMember(gate.relation);
    if (h.userId !== userId) throw fail('考试记录不存在');
    return gate;
  }

  private async teacherOf(siteId: bigint, userId: bigint, recordId: string): Promise<Gate> {
    const gate = await this.readable(siteId, userId, recordId);
    mustBeTeacher(gate.relation);
    return gate;
  }

  async check(siteId: bigint, userId: bigint, gradeExamId: bigint) {
    const { e, gradeEnd, relation } = await this.exams.gate(siteId, userId, gradeExamId);
    mustBeMember(relation);
    const [my, [rel], records] = await Promise.all([
      this.exams.standing(siteId, userId, [e], gradeEnd).then((m) => m.get(e.id)!),
      this.repo.relations(siteId, [e.id], userId),
      this.x.held.records(siteId, [e.id], userId),
    ]);
    const open = records.find((r) => String(r.recordId) === my.myRecordId);
    return {
      canBegin: my.myCanBegin,
      reason: my.myReason,
      recordId: my.myRecordId,
      remainingSeconds: open ? Math.max(0, Math.floor((open.deadlineTime.getTime() - Date.now()) / 1000)) : 0,
      attemptCount: my.myAttemptCount,
      attemptLimit: e.attemptLimit + (rel?.extraAttempts ?? 0),
    };
  }

  /** Begins (or returns the attempt in progress): a member, inside the window or a compensation, attempts left. */
  async begin(siteId: bigint, userId: bigint, gradeExamId: bigint) {
    const { e, gradeEnd, relation } = await this.exams.gate(siteId, userId, gradeExamId);
    mustBeMember(relation);
    const [records, [rel]] = await Promise.all([
      this.x.held.records(siteId, [e.id], userId),
      this.repo.relations(siteId, [e.id], userId),
    ]);
    const now = Date.now();
    // an attempt past its deadline and grace is as good as handed in: the engine submits it on the next start
    const open = records.find(
      (r) => r.status === RecordStatus.IN_PROGRESS && r.deadlineTime.getTime() + GRACE_MS > now,
    );
    if (!open) {
      const handedIn = records.length;
      const refusal = beginRefusal(e, { gradeEnd, handedIn, rel, now });
      if (refusal) throw fail(refusal);
    }
    const until = attemptUntil(e, gradeEnd, rel, now);
    const attempt = await this.x.attempts.start(siteId, userId, e.examId, { gradeExamId: e.id, until });
    if (!open && reopened(rel, now)) await this.repo.useCompensation(siteId, e.id, userId);
    return attempt;
  }

  async resume(siteId: bigint, userId: bigint, recordId: string) {
    const { via } = await this.ownAttempt(siteId, userId, recordId);
    return this.x.attempts.resume(siteId, userId, recordId, via);
  }

  async saveAnswer(siteId: bigint, userId: bigint, b: { recordId: string; problemId: string; answer: string[] }) {
    const { via } = await this.ownAttempt(siteId, userId, b.recordId);
    return this.x.attempts.save(siteId, userId, b.recordId, b.problemId, b.answer, via);
  }

  /** Submit for audit: objective answers scored at once, subjective ones to the teacher's marking. */
  async submit(siteId: bigint, userId: bigint, b: { recordId: string; answers: Answers }) {
    const { via } = await this.ownAttempt(siteId, userId, b.recordId);
    return this.x.attempts.finish(siteId, userId, b.recordId, b.answers, via);
  }

  /** The counted attempt (the best handed in), the rank among the class's members, and every attempt. */
  async score(siteId: bigint, userId: bigint, gradeExamId: bigint, forUser: string) {
    const gate = await this.exams.gate(siteId, userId, gradeExamId);
    let whose = userId;
    if (forUser && BigInt(forUser) !== userId) {
      mustBeTeacher(gate.relation);
      whose = BigInt(forUser);
    } else mustBeMember(gate.relation);
    const { e } = gate;
    const members = await this.repo.memberIds(siteId, e.gradeId);
    if (!members.includes(whose)) throw fail(NOT_A_MEMBER);
    const [records, best, [exam]] = await Promise.all([
      this.x.held.records(siteId, [e.id], whose),
      this.x.held.best(siteId, [e.id], members),
      this.exams.present(siteId, whose, [e], GradeRelation.STUDENT),
    ]);
    const handed = records.filter((r) => r.status !== RecordStatus.IN_PROGRESS);
    const top = handed.reduce<(typeof handed)[number] | undefined>(
      (a, r) => (!a || r.summary.totalScore > a.summary.totalScore ? r : a),
      undefined,
    );
    const bests = [...best.values()].map((b) => b.best);
    return {
      exam: exam!,
      record: top?.summary ?? null,
      rank: rankOf(top?.summary.totalScore, bests),
      rankedCount: bests.length,
      memberCount: members.length,
      attempts: handed.map((r) => r.summary),
    };
  }

  /** Per-question result; right answers and explanations only when the class exam shows them to this member now. */
  async answerView(siteId: bigint, userId: bigint, recordId: string) {
    const gate = await this.readable(siteId, userId, recordId);
    let shown = true;
    if (gate.relation !== GradeRelation.TEACHER) {
      const [rel] = await this.repo.relations(siteId, [gate.e.id], userId);
      shown = answersShown(gate.e, rel);
    }
    const result = await this.x.results.view(siteId, userId, recordId, { via: gate.e.id, hideKeys: !shown });
    return { ...result, gradeExamId: String(gate.e.id), gradeId: String(gate.e.gradeId), answersShown: shown ? 1 : 0 };
  }

  /* ---- the teacher ---- */

  async page(siteId: bigint, userId: bigint, q: TPageQuery & { gradeId: string; gradeExamId: string; status: number }) {
    const { relation } = await this.exams.grades.withRelation(siteId, BigInt(q.gradeId), userId);
    mustBeTeacher(relation);
    const exams = await this.repo.ofGrade(siteId, BigInt(q.gradeId));
    const ids = q.gradeExamId
      ? exams.filter((e) => String(e.id) === q.gradeExamId).map((e) => e.id)
      : exams.map((e) => e.id);
    return this.x.held.page(siteId, ids, q.status, q);
  }

  /** Audit one subjective answer; when none is left the audit is complete and the member is told. */
  async audit(
    siteId: bigint,
    userId: bigint,
    b: { recordId: string; problemId: string; score: number; markRemark: string },
  ) {
    await this.teacherOf(siteId, userId, b.recordId);
    return this.x.marking.mark(siteId, userId, b);
  }

  /** The system's score of an attempt's objective answers, one by one. */
  async sysAudit(siteId: bigint, userId: bigint, recordId: string) {
    const gate = await this.teacherOf(siteId, userId, recordId);
    const r = await this.x.results.view(siteId, userId, recordId, { via: gate.e.id });
    const items = r.sections.flatMap((s) =>
      s.problems.flatMap((p) => {
        const leaves = p.problem.problemType === 6 ? p.problem.children : [p.problem];
        return leaves.flatMap((leaf) => {
          const res = p.problem.problemType === 6 ? p.children.find((c) => c.problemId === leaf.id)?.result : p.result;
          if (!res || res.markStatus !== 0) return [];
          const max = p.problem.problemType === 6 ? leaf.score : p.score;
          return [
            {
              problemId: leaf.id,
              problemTypeName: leaf.problemTypeName,
              score: res.score ?? 0,
              maxScore: max,
              isCorrect: res.isCorrect ?? 0,
            },
          ];
        });
      }),
    );
    return { recordId: r.recordId, objectiveScore: r.objectiveScore, waitMarkCount: r.waitMarkCount, items };
  }

  /** Compensate one member: the class exam reopens for them for one more attempt until the given time. */
  async compensate(
    siteId: bigint,
    userId: bigint,
    b: { gradeExamId: string; userId: string; compensateEndTime: string },
  ) {
    const { e, gradeEnd, relation } = await this.exams.gate(siteId, userId, BigInt(b.gradeExamId));
    mustBeTeacher(relation);
    const member = BigInt(b.userId);
    if (!(await this.repo.memberIds(siteId, e.gradeId)).includes(member)) throw fail('该用户不是本班成员');
    const until = parseShanghaiTime(b.compensateEndTime);
    if (!until) throw fail('时间格式应为 YYYY-MM-DD HH:mm:ss');
    if (until.getTime() <= Date.now()) throw fail('补考截止时间应晚于现在');
    if (until > gradeEnd) throw fail(`补考截止时间不能晚于班级结束时间 ${formatTime(gradeEnd)}`);
    const row = await this.repo.compensate(siteId, e.id, member, until);
    if (row.compensateStatus !== CompensateStatus.REOPENED) throw notFound('补考记录');
    return {
      gradeExamId: String(e.id),
      userId: String(member),
      compensateStatus: row.compensateStatus,
      compensateEndTime: formatTime(row.compensateEndTime),
    };
  }
}
