import { randomInt } from 'node:crypto';
import type { TPageQuery } from '#contract/call.ts';
import { EXAM_LIMITS, ProblemType } from '#contract/exam.ts';
import {
  RecordStatus,
  SAVE_REFUSED_AFTER_DEADLINE,
  SAVE_REFUSED_SUBMITTED,
  type TAttempt,
} from '#contract/exam-attempt.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { formatTime } from '../../platform/time.ts';
import { eq, isNull } from 'drizzle-orm';
import { examRecord } from '../../db/schema/exam-attempt.ts';
import type { AttemptRepo, RecordRow } from './attempt.repo.ts';
import { saveKey, SaveGroups } from './attempt-saves.ts';
import { orderIn, presentAttempt, presentRecordSummary, remainingSeconds } from './attempt.presenter.ts';
import { toTrueKeys } from './exam-rules.ts';
import type { PaperRow } from './paper.repo.ts';
import type { PaperService } from './paper.service.ts';
import type { Leaf } from './paper-structure.ts';
import type { PendingAnswers, ScoringService } from './scoring.service.ts';
import { ownRecord, sameHolder } from './exam.policy.ts';

const MINUTE = 60_000;
const graceMs = EXAM_LIMITS.graceSeconds * 1000;
const RECORD_CACHE_MAX = 20_000;
const PAPER_ROW_TTL_MS = 30_000;
/** papers being answered at once; had no bound before */
const PAPER_ROW_CACHE_MAX = 2_000;

/** What a save needs of an attempt that never changes after the start. */
interface RecordMeta {
  userId: bigint;
  examId: bigint;
  deadline: Date;
  seed: number;
  gradeExamId: bigint | null;
}

/** A class exam an attempt is begun through: the class side has checked the member; the deadline ends by `until`. */
export interface HeldBy {
  gradeExamId: bigint;
  until: Date;
}

/**
 * Attempts: start (the server fixes the deadline), continue, per-problem saves, leaving the page, and the
 * student's own records. A save is one guarded upsert, written with the saves arriving at the same time (group
 * commit) and answered once committed; what it needs to check the problem is kept in memory.
 */
export class AttemptService {
  private readonly papers: PaperService;
  private readonly scoring: ScoringService;
  private readonly metas = new LocalCache<string, RecordMeta>({ max: RECORD_CACHE_MAX });
  private readonly paperRows = new LocalCache<string, PaperRow>({ max: PAPER_ROW_CACHE_MAX, ttlMs: PAPER_ROW_TTL_MS });
  private readonly collections: { isCollected(siteId: bigint, userId: bigint, examId: bigint): Promise<boolean> };
  private readonly saves: SaveGroups;
  constructor(papers: PaperService, scoring: ScoringService, collections: AttemptService['collections']) {
    this.papers = papers;
    this.scoring = scoring;
    this.collections = collections;
    this.saves = new SaveGroups(
      (many) => this.repo.saveAnswers(many, EXAM_LIMITS.graceSeconds),
      async (s) => (await this.repo.saveAnswers([s], EXAM_LIMITS.graceSeconds)).get(saveKey(s)),
    );
  }
  private get repo(): AttemptRepo {
    return this.scoring.repo;
  }

  /**
   * Starts an attempt at a published paper, or returns the one in progress. Through a class exam (`held`) the
   * shelf and the price do not apply (the class decided), and the deadline is also no later than `held.until`.
   */
  async start(siteId: bigint, userId: bigint, examId: string | bigint, held?: HeldBy): Promise<TAttempt> {
    const paper = await this.papers.published(siteId, examId);
    const refusal = held ? '' : this.papers.startRefusal(paper, userId);
    if (refusal) throw fail(refusal);
    const via = held?.gradeExamId ?? null;
    let rec = await this.repo.openRecord(siteId, paper.id, userId, via);
    if (rec && rec.deadlineTime.getTime() + graceMs < Date.now()) {
      await this.scoring.finish(siteId, rec.id, { auto: true });
      rec = undefined;
    }
    if (!rec) {
      const now = Date.now();
      const deadline = Math.min(now + paper.answerTime * MINUTE, held?.until.getTime() ?? Infinity);
      rec =
        (await this.repo.insertRecord({
          siteId,
          examId: paper.id,
          userId,
          lecturerUserId: paper.lecturerUserId,
          startTime: new Date(now),
          deadlineTime: new Date(deadline),
          shuffleSeed: randomInt(0, 2 ** 31 - 1),
          gradeExamId: via,
        })) ?? (await this.repo.openRecord(siteId, paper.id, userId, via));
      if (!rec) throw fail('开始考试失败，请重试');
    }
    await this.scoring.scheduleAutoSubmit(rec);
    this.remember(rec);
    return presentAttempt(
      rec,
      paper,
      await this.papers.structureOf(siteId, paper),
      await this.repo.answersOf(siteId, rec.id),
    );
  }

  async resume(siteId: bigint, userId: bigint, recordId: string, via: bigint | null = null): Promise<TAttempt> {
    const rec = await this.own(siteId, userId, recordId);
    sameHolder(rec, via);
    if (rec.status !== RecordStatus.IN_PROGRESS) throw fail('这次考试已交卷，请查看成绩');
    if (rec.deadlineTime.getTime() + graceMs < Date.now()) {
      await this.scoring.finish(siteId, rec.id, { auto: true });
      throw fail('考试时间已到，系统已自动交卷，请查看成绩');
    }
    const paper = await this.papers.published(siteId, rec.examId);
    await this.scoring.scheduleAutoSubmit(rec);
    this.remember(rec);
    return presentAttempt(
      rec,
      paper,
      await this.papers.structureOf(siteId, paper),
      await this.repo.answersOf(siteId, rec.id),
    );
  }

  async save(
    siteId: bigint,
    userId: bigint,
    recordId: string,
    problemId: string,
    shown: string[],
    via: bigint | null = null,
  ) {
    const meta = await this.meta(siteId, userId, BigInt(recordId));
    sameHolder(meta, via);
    const { paper, leaf } = await this.leafOf(siteId, meta, problemId);
    const answer = this.toStored(paper, meta, leaf, shown);
    const saved = await this.saves.save({
      siteId,
      recordId: BigInt(recordId),
      userId,
      problemId: leaf.problem.id,
      answer,
    });
    if (!saved) {
      const rec = await this.repo.recordById(siteId, BigInt(recordId));
      // submitted by the student, or ended for them (the deadline job, the leave limit)
      if (rec && rec.status !== RecordStatus.IN_PROGRESS && rec.isAutoSubmit !== 1) throw fail(SAVE_REFUSED_SUBMITTED);
      throw fail(SAVE_REFUSED_AFTER_DEADLINE);
    }
    return {
      problemId,
      saved: 1 as const,
      savedTime: formatTime(saved),
      remainingSeconds: remainingSeconds(meta.deadline),
    };
  }

  async finish(
    siteId: bigint,
    userId: bigint,
    recordId: string,
    answers: { problemId: string; answer: string[] }[],
    via: bigint | null = null,
  ) {
    const meta = await this.meta(siteId, userId, BigInt(recordId));
    sameHolder(meta, via);
    // without answers to check, a paper since withdrawn still lets the attempt be submitted (scoring reads it)
    if (answers.length === 0)
      return (await this.scoring.finish(siteId, BigInt(recordId), { userId, auto: false })).summary;
    const paper = await this.paperOf(siteId, meta.examId);
    const { leaves } = await this.papers.structureOf(siteId, paper);
    const pending: PendingAnswers = [];
    for (const a of answers) {
      const leaf = leaves.get(a.problemId);
      if (!leaf) throw fail('这道题不在本试卷中，请刷新页面后重试');
      pending.push({ problemId: leaf.problem.id, answer: this.toStored(paper, meta, leaf, a.answer) });
    }
    return (await this.scoring.finish(siteId, BigInt(recordId), { userId, pending, auto: false, paper })).summary;
  }

  async leave(siteId: bigint, userId: bigint, recordId: string) {
    const rec = await this.repo.addLeave(siteId, BigInt(recordId), userId);
    if (!rec) {
      await this.own(siteId, userId, recordId);
      throw fail('这次考试已交卷');
    }
    const paper = await this.papers.published(siteId, rec.examId);
    const over = paper.leaveLimit > 0 && rec.leaveCount > paper.leaveLimit;
    if (over) await this.scoring.finish(siteId, rec.id, { auto: true });
    return { leaveCount: rec.leaveCount, leaveLimit: paper.leaveLimit, submitted: over ? 1 : 0 };
  }

  /** The paper page for a signed-in user: favourite, whether they may start, the attempt in progress, their best. */
  async userView(siteId: bigint, userId: bigint, examId: string) {
    const detail = await this.papers.detail(siteId, examId, userId);
    const id = BigInt(examId);
    const [isCollect, check, stats] = await Promise.all([
      this.collections.isCollected(siteId, userId, id),
      this.check(siteId, userId, examId),
      this.repo.userStats(siteId, userId, id),
    ]);
    return {
      ...detail,
      isCollect: isCollect ? 1 : 0,
      canStart: check.canStart,
      reason: check.reason,
      recordId: check.recordId,
      ...stats,
    };
  }

  async check(siteId: bigint, userId: bigint, examId: string) {
    const paper = await this.papers.published(siteId, examId);
    const reason = this.papers.startRefusal(paper, userId);
    const open = await this.repo.openRecord(siteId, paper.id, userId);
    const live = open && open.deadlineTime.getTime() + graceMs >= Date.now() ? open : undefined;
    return {
      canStart: reason ? 0 : 1,
      reason,
      recordId: live ? String(live.id) : '',
      remainingSeconds: live ? remainingSeconds(live.deadlineTime) : 0,
    };
  }

  async list(siteId: bigint, userId: bigint, q: TPageQuery & { examId?: string; status?: number }) {
    const where = [eq(examRecord.userId, userId), isNull(examRecord.gradeExamId)];
    if (q.examId) where.push(eq(examRecord.examId, BigInt(q.examId)));
    if (q.status) where.push(eq(examRecord.status, q.status));
    const { rows, total } = await this.repo.page(siteId, q, where);
    const papers = await this.papers.repo.papersByIds(siteId, [...new Set(rows.map((r) => r.examId))]);
    return toPage(rows, total, q, (r) =>
      presentRecordSummary(
        r,
        papers.find((p) => p.id === r.examId),
      ),
    );
  }

  async papersSat(siteId: bigint, userId: bigint, q: TPageQuery) {
    const { rows, total } = await this.repo.userPapers(siteId, userId, q);
    const [papers, lasts] = await Promise.all([
      this.papers.repo.papersByIds(
        siteId,
        rows.map((r) => r.examId),
      ),
      this.repo.recordsByIds(
        siteId,
        rows.map((r) => BigInt(r.lastId)),
      ),
    ]);
    return toPage(rows, total, q, (r) => {
      const paper = papers.find((p) => p.id === r.examId);
      const last = lasts.find((x) => String(x.id) === r.lastId);
      return {
        examId: String(r.examId),
        examName: paper?.examName ?? '',
        paperTotalScore: paper?.totalScore ?? 0,
        attemptCount: Number(r.attemptCount),
        bestScore: Number(r.bestScore),
        lastRecordId: r.lastId,
        lastStatus: last?.status ?? 0,
        lastTime: formatTime(last?.startTime),
      };
    });
  }

  /** The class exam the student's own attempt was begun through (null: the paper's own), from memory when known. */
  async holderOf(siteId: bigint, userId: bigint, recordId: string): Promise<bigint | null> {
    return (await this.meta(siteId, userId, BigInt(recordId))).gradeExamId;
  }

  /** A student's own record; someone else's looks like a missing one. */
  async own(siteId: bigint, userId: bigint, recordId: string): Promise<RecordRow> {
    return ownRecord(await this.repo.recordById(siteId, BigInt(recordId)), userId);
  }

  private async meta(siteId: bigint, userId: bigint, recordId: bigint): Promise<RecordMeta> {
    let m = this.metas.get(`${siteId}:${recordId}`);
    if (!m) {
      const rec = await this.repo.recordById(siteId, recordId);
      if (!rec) throw fail('考试记录不存在');
      m = this.remember(rec);
    }
    ownRecord(m, userId);
    return m;
  }

  /** The attempt's fixed facts, kept from its start or continue so its first save reads nothing either. */
  private remember(rec: RecordRow): RecordMeta {
    const key = `${rec.siteId}:${rec.id}`;
    const m = {
      userId: rec.userId,
      examId: rec.examId,
      deadline: rec.deadlineTime,
      seed: rec.shuffleSeed,
      gradeExamId: rec.gradeExamId,
    };
    this.metas.set(key, m);
    return m;
  }

  /** The paper row, re-read at most every 30 s: a re-approval shows up in its version soon enough for saves. */
  private async paperOf(siteId: bigint, examId: bigint): Promise<PaperRow> {
    const key = `${siteId}:${examId}`;
    const hit = this.paperRows.get(key);
    if (hit) return hit;
    const row = await this.papers.published(siteId, examId);
    this.paperRows.set(key, row);
    return row;
  }

  private async leafOf(siteId: bigint, meta: RecordMeta, problemId: string): Promise<{ paper: PaperRow; leaf: Leaf }> {
    const paper = await this.paperOf(siteId, meta.examId);
    const leaf = (await this.papers.structureOf(siteId, paper)).leaves.get(problemId);
    if (!leaf) throw fail('这道题不在本试卷中，请刷新页面后重试');
    return { paper, leaf };
  }

  /** Checks an answer against its problem and turns the keys shown in this attempt into the paper's keys. */
  private toStored(paper: PaperRow, meta: RecordMeta, leaf: Leaf, shown: string[]): string[] {
    const p = leaf.problem;
    if (p.problemType === ProblemType.FILL) {
      if (shown.length > p.answer.length) throw fail(`这道填空题只有 ${p.answer.length} 个空`);
      return shown;
    }
    if (p.problemType === ProblemType.SHORT) {
      if (shown.length > 1) throw fail('简答题的答案请写在一个输入框里');
      return shown;
    }
    const keys = [...new Set(shown.map((k) => k.trim().toUpperCase()).filter((k) => k !== ''))].sort();
    if (p.problemType !== ProblemType.MULTIPLE && keys.length > 1) throw fail('这道题只能选一个答案');
    const order = orderIn(paper, meta.seed, p);
    const stored = toTrueKeys(keys, order);
    if (stored.length !== keys.length) throw fail('所选选项不存在，请刷新页面后重试');
    return stored.sort();
  }
}
