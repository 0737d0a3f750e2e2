import type { TPageQuery } from '#contract/call.ts';
import { Correctness, RecordStatus } from '#contract/exam-attempt.ts';
import { problemTypeName } from '#contract/exam.ts';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import { examRecord } from '../../db/schema/exam-attempt.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { AttemptRepo, RecordRow } from './attempt.repo.ts';
import { presentRecordSummary } from './attempt.presenter.ts';
import { markableRecord, ownPaper, requireLecturer } from './exam.policy.ts';
import type { PaperRow } from './paper.repo.ts';
import type { PaperService } from './paper.service.ts';
import { stemSummary } from './problem.presenter.ts';
import type { HeldAnswers } from './result.service.ts';

/** The lecturer's side of attempts: the marking queue, marking, statistics and the published-paper list. */
export class MarkingService {
  private readonly p: Platform;
  private readonly repo: AttemptRepo;
  private readonly papers: PaperService;
  private readonly users: UserService;
  private readonly messages: MessageService;
  private readonly held: () => HeldAnswers;
  constructor(
    p: Platform,
    repo: AttemptRepo,
    papers: PaperService,
    users: UserService,
    messages: MessageService,
    held: () => HeldAnswers,
  ) {
    this.p = p;
    this.held = held;
    this.repo = repo;
    this.papers = papers;
    this.users = users;
    this.messages = messages;
  }

  /** A paper of this lecturer; another lecturer's looks like a missing one. */
  async ownPaper(siteId: bigint, userId: bigint, examId: string | bigint): Promise<PaperRow> {
    return ownPaper(await this.papers.repo.paperById(siteId, BigInt(examId)), userId);
  }

  async publishedList(siteId: bigint, userId: bigint, q: TPageQuery) {
    await requireLecturer(this.users, siteId, userId);
    const { rows, total } = await this.papers.repo.ownPublishedPage(siteId, userId, q);
    const [infos, waits] = await Promise.all([
      this.papers.presentInfos(siteId, rows),
      this.repo.waitMarkCounts(
        siteId,
        rows.map((r) => r.id),
      ),
    ]);
    return toPage(rows, total, q, (r) => ({
      ...infos.find((i) => i.id === String(r.id))!,
      isPutAway: r.isPutAway,
      waitMarkCount: waits.get(r.id) ?? 0,
    }));
  }

  async markPage(siteId: bigint, userId: bigint, q: TPageQuery & { examId?: string; status: number }) {
    await requireLecturer(this.users, siteId, userId);
    const where = [eq(examRecord.lecturerUserId, userId), eq(examRecord.status, q.status)];
    if (q.examId) where.push(eq(examRecord.examId, BigInt(q.examId)));
    const { rows, total } = await this.repo.page(siteId, q, where);
    const [papers, users] = await Promise.all([
      this.papers.repo.papersByIds(siteId, [...new Set(rows.map((r) => r.examId))]),
      this.users.briefs(
        siteId,
        rows.map((r) => r.userId),
      ),
    ]);
    return toPage(rows, total, q, (r) => ({
      ...presentRecordSummary(
        r,
        papers.find((p) => p.id === r.examId),
      ),
      userId: String(r.userId),
      userNickname: users.get(r.userId)?.nickname ?? '',
      userMobile: users.get(r.userId)?.mobile ?? '',
    }));
  }

  /** Scores one subjective answer; when none is left to mark, the score is final and the student is told. */
  async mark(
    siteId: bigint,
    userId: bigint,
    input: { recordId: string; problemId: string; score: number; markRemark: string },
  ) {
    const pre = markableRecord(await this.repo.recordById(siteId, BigInt(input.recordId)), userId);
    if (pre.status === RecordStatus.IN_PROGRESS) throw fail('学员还在答题，交卷后才能批阅');
    const paper = await this.papers.published(siteId, pre.examId);
    const leaf = (await this.papers.structureOf(siteId, paper)).leaves.get(input.problemId);
    const answer = leaf ? await this.repo.answerOf(siteId, pre.id, leaf.problem.id) : undefined;
    if (!leaf || !answer || answer.markStatus === 0) throw fail('这道题是客观题或不在本试卷中，无需批阅');
    if (input.score > leaf.max) throw fail(`得分不能超过本题分值 ${leaf.max} 分`);
    const isCorrect =
      input.score === leaf.max ? Correctness.RIGHT : input.score === 0 ? Correctness.WRONG : Correctness.PARTIAL;
    let becameFinal = false;
    const rec = await withTransaction(this.p.db, async (tx) => {
      const locked = (await this.repo.lockRecord(tx, siteId, pre.id))!;
      await this.repo.markAnswer(tx, siteId, pre.id, leaf.problem.id, {
        score: input.score,
        isCorrect,
        markRemark: input.markRemark,
      });
      const answers = await this.repo.answersOf(siteId, pre.id, tx);
      const subjective = answers.filter((a) => a.markStatus === 2).reduce((n, a) => n + (a.score ?? 0), 0);
      const waiting = answers.filter((a) => a.markStatus === 1).length;
      const total = locked.objectiveScore + subjective;
      becameFinal = waiting === 0 && locked.status !== RecordStatus.MARKED;
      return (await this.repo.updateRecord(
        siteId,
        pre.id,
        {
          subjectiveScore: subjective,
          totalScore: total,
          waitMarkCount: waiting,
          status: waiting === 0 ? RecordStatus.MARKED : RecordStatus.SUBMITTED,
          isPass: waiting === 0 && total >= paper.passScore ? 1 : 0,
        },
        tx,
      ))!;
    });
    if (rec.gradeExamId !== null) await this.held().scored(siteId, rec.gradeExamId);
    if (becameFinal) await this.tellStudent(siteId, rec, paper);
    return presentRecordSummary(rec, paper);
  }

  async statistics(siteId: bigint, userId: bigint, examId: string) {
    const paper = await this.ownPaper(siteId, userId, examId);
    const [records, counts, structure] = await Promise.all([
      this.repo.submitted(siteId, paper.id),
      this.repo.correctCounts(siteId, paper.id),
      this.papers.structureOf(siteId, paper),
    ]);
    const total = paper.totalScore;
    const buckets = Array.from({ length: 10 }, (_, i) => {
      const min = Math.floor((i * total) / 10);
      const max = i === 9 ? total : Math.max(min, Math.floor(((i + 1) * total) / 10) - 1);
      return { label: `${min}-${max}`, min, max, count: 0 };
    });
    for (const r of records) {
      const b =
        buckets.find((x) => r.totalScore >= x.min && r.totalScore <= x.max) ?? buckets[r.totalScore > total ? 9 : 0]!;
      b.count++;
    }
    const n = records.length;
    return {
      examId: String(paper.id),
      examName: paper.examName,
      submittedCount: n,
      markedCount: records.filter((r) => r.status === RecordStatus.MARKED).length,
      averageScore: n ? Math.round((records.reduce((s, r) => s + r.totalScore, 0) / n) * 10) / 10 : 0,
      passCount: records.filter((r) => r.isPass === 1).length,
      buckets,
      problems: [...structure.leaves.values()].map((leaf) => {
        const c = counts.get(leaf.problem.id) ?? { answered: 0, correct: 0 };
        return {
          problemId: String(leaf.problem.id),
          problemTypeName: problemTypeName[leaf.problem.problemType] ?? '',
          problemContent: stemSummary(leaf.problem.problemContent, 100),
          answeredCount: c.answered,
          correctCount: c.correct,
          correctRate: n ? Math.round((c.correct / n) * 1000) / 1000 : 0,
        };
      }),
    };
  }

  private async tellStudent(siteId: bigint, rec: RecordRow, paper: PaperRow): Promise<void> {
    await this.messages.send(
      siteId,
      rec.userId,
      '试卷已批阅',
      `您参加的《${paper.examName}》已批阅完成，得分 ${rec.totalScore} 分（满分 ${paper.totalScore} 分），${rec.isPass ? '已及格' : '未及格'}。`,
    );
  }
}
