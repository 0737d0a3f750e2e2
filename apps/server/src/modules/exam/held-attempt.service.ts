import type { TPageQuery } from '#contract/call.ts';
import type { TRecordSummary } from '#contract/exam-attempt.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import { presentRecordSummary } from './attempt.presenter.ts';
import type { AttemptRepo, RecordRow } from './attempt.repo.ts';
import { heldAttemptRepo, type HeldAttemptRepo } from './held-attempt.repo.ts';
import type { PaperService } from './paper.service.ts';

/** One attempt of a class exam as the class side needs it: who, which class exam, its state and summary. */
export interface HeldRecord {
  recordId: bigint;
  gradeExamId: bigint;
  userId: bigint;
  status: number;
  deadlineTime: Date;
  summary: TRecordSummary;
}

/**
 * The exam side of class exams: the attempts begun through them, listed, ranked and counted for the class domain,
 * which decides who may see them. The attempts themselves are ordinary ones (AttemptService).
 */
export class HeldAttemptService {
  private readonly repo: HeldAttemptRepo;
  private readonly attempts: AttemptRepo;
  private readonly papers: PaperService;
  private readonly users: UserService;
  constructor(p: Platform, attempts: AttemptRepo, papers: PaperService, users: UserService) {
    this.repo = heldAttemptRepo(p.db);
    this.attempts = attempts;
    this.papers = papers;
    this.users = users;
  }

  private async present(siteId: bigint, rows: RecordRow[]): Promise<HeldRecord[]> {
    const papers = await this.papers.repo.papersByIds(siteId, [...new Set(rows.map((r) => r.examId))]);
    return rows.map((r) => ({
      recordId: r.id,
      gradeExamId: r.gradeExamId!,
      userId: r.userId,
      status: r.status,
      deadlineTime: r.deadlineTime,
      summary: presentRecordSummary(
        r,
        papers.find((p) => p.id === r.examId),
      ),
    }));
  }

  /** What a class exam shows of its papers: published papers only, by id. */
  async paperBriefs(siteId: bigint, ids: bigint[]) {
    const rows = await this.papers.repo.papersByIds(siteId, [...new Set(ids)]);
    return new Map(
      rows.map((p) => [
        p.id,
        {
          examName: p.examName,
          answerTime: p.answerTime,
          totalScore: p.totalScore,
          passScore: p.passScore,
          lecturerUserId: p.lecturerUserId,
        },
      ]),
    );
  }

  /** The class exam an attempt was begun through (null: the paper's own), and whose it is. */
  async holder(siteId: bigint, recordId: bigint) {
    const r = await this.attempts.recordById(siteId, recordId);
    return r ? { gradeExamId: r.gradeExamId, userId: r.userId, status: r.status } : undefined;
  }

  async records(siteId: bigint, gradeExamIds: bigint[], userId?: bigint): Promise<HeldRecord[]> {
    return this.present(siteId, await this.repo.records(siteId, gradeExamIds, userId));
  }

  /** Attempts of these class exams in one status (0 any), with who sat them, for the teacher. */
  async page(siteId: bigint, gradeExamIds: bigint[], status: number, q: TPageQuery) {
    const { rows, total } = await this.repo.page(siteId, gradeExamIds, status, q);
    const [held, users] = await Promise.all([
      this.present(siteId, rows),
      this.users.briefs(
        siteId,
        rows.map((r) => r.userId),
      ),
    ]);
    return toPage(held, total, q, (h) => ({
      ...h.summary,
      gradeExamId: String(h.gradeExamId),
      userId: String(h.userId),
      userNickname: users.get(h.userId)?.nickname ?? '',
      userMobile: users.get(h.userId)?.mobile ?? '',
    }));
  }

  /** Best handed-in score per class exam and user (`${gradeExamId}:${userId}`), with whether one is marked. */
  async best(siteId: bigint, gradeExamIds: bigint[], userIds?: bigint[]) {
    const rows = await this.repo.best(siteId, gradeExamIds, userIds);
    return new Map(
      rows.map((r) => [
        `${r.gradeExamId}:${r.userId}`,
        { best: Number(r.best), marked: Number(r.marked), handedIn: Number(r.handedIn) },
      ]),
    );
  }

  /** Handed-in attempts still waiting for the teacher's marking, per class exam. */
  waiting(siteId: bigint, gradeExamIds: bigint[]): Promise<Map<bigint, number>> {
    return this.repo.waiting(siteId, gradeExamIds);
  }
}
