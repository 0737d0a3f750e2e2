import type { TPageQuery } from '#contract/call.ts';
import { EXAM_LIMITS, problemTypeName } from '#contract/exam.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import { errorBookRepo, type ErrorBookRepo, type ErrorRow } from './error-book.repo.ts';
import { presentProblemShown, stemSummary } from './problem.presenter.ts';
import type { ProblemRow } from './problem.repo.ts';
import type { ProblemService } from './problem.service.ts';

/**
 * The wrong-answer book. A sub-problem of a material problem is shown with its material (the parent with only
 * that sub-problem), so the stem makes sense on its own.
 */
export class ErrorBookService {
  readonly repo: ErrorBookRepo;
  private readonly problems: ProblemService;
  constructor(p: Platform, problems: ProblemService) {
    this.repo = errorBookRepo(p.db);
    this.problems = problems;
  }

  addWrong(
    siteId: bigint,
    userId: bigint,
    items: { problemId: bigint; answer: string[]; problem: ProblemRow }[],
    tx?: Db,
  ): Promise<void> {
    return this.repo.addWrong(
      siteId,
      userId,
      items.map((i) => ({
        problemId: i.problemId,
        subjectId: i.problem.subjectId,
        problemType: i.problem.problemType,
        answer: i.answer,
      })),
      tx,
    );
  }

  /**
   * A practice answer to a problem: if it is in the book, a right answer extends the streak (the problem leaves
   * the book at EXAM_LIMITS.bookStreakToRemove) and a wrong one resets it.
   */
  async practised(siteId: bigint, userId: bigint, problemId: bigint, answer: string[], right: boolean) {
    const row = await this.repo.byProblem(siteId, userId, problemId);
    if (!row) return { inBook: 0, correctStreak: 0, removedFromBook: 0 };
    const streak = right ? row.correctStreak + 1 : 0;
    if (streak >= EXAM_LIMITS.bookStreakToRemove) {
      await this.repo.remove(siteId, userId, row.id);
      return { inBook: 0, correctStreak: streak, removedFromBook: 1 };
    }
    await this.repo.setStreak(siteId, row.id, streak, answer, !right);
    return { inBook: 1, correctStreak: streak, removedFromBook: 0 };
  }

  async categoryList(siteId: bigint, userId: bigint) {
    const rows = await this.repo.subjects(siteId, userId);
    const names = await this.problems.categories.names(
      siteId,
      rows.map((r) => r.subjectId),
    );
    return rows
      .map((r) => ({
        subjectId: r.subjectId ? String(r.subjectId) : '0',
        subjectName: r.subjectId ? (names.get(r.subjectId) ?? '') : '未分类',
        count: r.n,
      }))
      .sort((a, b) => b.count - a.count);
  }

  async page(siteId: bigint, userId: bigint, q: TPageQuery & { subjectId?: string; problemType?: number }) {
    const { rows, total } = await this.repo.page(siteId, userId, q);
    const shown = await this.present(siteId, rows);
    return toPage(shown, total, q, (x) => x);
  }

  /** For review: with the right answer and analysis. */
  async view(siteId: bigint, userId: bigint, id: string) {
    const row = await this.own(siteId, userId, id);
    const [entry] = await this.present(siteId, [row]);
    const { top, problem } = await this.withMaterial(siteId, row.problemId);
    const [full] = await this.problems.presentMany(siteId, [top], false);
    const onlyThis =
      top.id === problem.id ? full! : { ...full!, children: full!.children.filter((c) => c.id === String(problem.id)) };
    return { ...entry!, problem: onlyThis };
  }

  /** For practice: the problem without its answer. */
  async problemView(siteId: bigint, userId: bigint, id: string) {
    const row = await this.own(siteId, userId, id);
    const [entry] = await this.present(siteId, [row]);
    const { top, problem } = await this.withMaterial(siteId, row.problemId);
    const straight = (r: ProblemRow) => r.options.map((_, i) => i);
    const shown =
      top.id === problem.id
        ? presentProblemShown(problem, problem.score, [], straight(problem))
        : presentProblemShown(top, problem.score, [{ row: problem, order: straight(problem) }], []);
    return { ...entry!, problem: shown };
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    if (!(await this.repo.remove(siteId, userId, BigInt(id)))) throw fail('错题不存在或已删除');
    return null;
  }

  async removeAll(siteId: bigint, userId: bigint, subjectId?: string) {
    return { deleted: await this.repo.removeAll(siteId, userId, subjectId) };
  }

  private async own(siteId: bigint, userId: bigint, id: string): Promise<ErrorRow> {
    const row = await this.repo.byId(siteId, userId, BigInt(id));
    if (!row) throw fail('错题不存在或已删除');
    return row;
  }

  private async withMaterial(siteId: bigint, problemId: bigint): Promise<{ top: ProblemRow; problem: ProblemRow }> {
    const [problem] = await this.problems.repo.byIds(siteId, [problemId]);
    if (!problem) throw fail('题目已不存在');
    if (!problem.parentId) return { top: problem, problem };
    const [parent] = await this.problems.repo.byIds(siteId, [problem.parentId]);
    return { top: parent ?? problem, problem };
  }

  private async present(siteId: bigint, rows: ErrorRow[]) {
    const problems = await this.problems.repo.byIds(
      siteId,
      rows.map((r) => r.problemId),
    );
    const parents = await this.problems.repo.byIds(
      siteId,
      problems.map((p) => p.parentId).filter((x): x is bigint => x !== null),
    );
    const names = await this.problems.categories.names(
      siteId,
      rows.map((r) => r.subjectId),
    );
    return rows.map((r) => {
      const p = problems.find((x) => x.id === r.problemId);
      const parent = p?.parentId ? parents.find((x) => x.id === p.parentId) : undefined;
      const summary = stemSummary(`${parent ? `${parent.problemContent} ` : ''}${p?.problemContent ?? ''}`);
      return {
        id: String(r.id),
        problemId: String(r.problemId),
        problemType: r.problemType,
        problemTypeName: problemTypeName[r.problemType] ?? '',
        summary,
        subjectId: r.subjectId ? String(r.subjectId) : '',
        subjectName: r.subjectId ? (names.get(r.subjectId) ?? '') : '',
        wrongCount: r.wrongCount,
        correctStreak: r.correctStreak,
        lastAnswer: r.lastAnswer,
        gmtModified: formatTime(r.gmtModified),
      };
    });
  }
}
