import type { TPageQuery } from '#contract/call.ts';
import { Correctness } from '#contract/exam-attempt.ts';
import { PartialRule, problemTypeName } from '#contract/exam.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { ErrorBookService } from './error-book.service.ts';
import { scoreAnswer } from './exam-rules.ts';
import type { PaperService } from './paper.service.ts';
import type { PeriodExerciseService } from './period-exercise.service.ts';
import { practiceRepo, type PracticeAnswerRow, type PracticeRepo, type PracticeRow } from './practice.repo.ts';
import { presentProblemShown } from './problem.presenter.ts';
import type { ProblemRow } from './problem.repo.ts';
import type { ProblemService } from './problem.service.ts';
import type { ExplanationVideos } from './exam.policy.ts';

const COLLECTION_PAPER = 4;

/** Practice sets from categories, practice from the wrong-answer book, and paper favourites. */
export class PracticeService {
  readonly repo: PracticeRepo;
  private readonly problems: ProblemService;
  private readonly papers: PaperService;
  private readonly book: ErrorBookService;
  private readonly exercises: PeriodExerciseService;
  private readonly videos: ExplanationVideos;
  constructor(
    p: Platform,
    problems: ProblemService,
    papers: PaperService,
    book: ErrorBookService,
    exercises: PeriodExerciseService,
    videos: ExplanationVideos,
  ) {
    this.videos = videos;
    this.repo = practiceRepo(p.db);
    this.problems = problems;
    this.papers = papers;
    this.book = book;
    this.exercises = exercises;
  }

  async save(
    siteId: bigint,
    userId: bigint,
    input: { practiceName: string; subjectId?: string; problemType?: number; difficulty?: number; count: number },
  ) {
    const ids = await this.repo.draw(siteId, input, input.count);
    if (ids.length === 0) throw fail('没有符合条件的题目，请换个科目、题型或难度试试');
    const names = input.subjectId
      ? await this.problems.categories.names(siteId, [BigInt(input.subjectId)])
      : new Map<bigint, string>();
    const fallback = `${input.subjectId ? (names.get(BigInt(input.subjectId)) ?? '') : '综合'}${input.problemType ? problemTypeName[input.problemType] : ''}练习`;
    const row = await this.repo.insert(siteId, userId, {
      practiceName: input.practiceName || fallback,
      subjectId: input.subjectId ? BigInt(input.subjectId) : null,
      problemIds: ids.map(String),
    });
    return (await this.present(siteId, [row], []))[0]!;
  }

  async view(siteId: bigint, userId: bigint, id: string) {
    const row = await this.own(siteId, userId, id);
    const answers = await this.repo.answers(siteId, [row.id]);
    const problems = await this.problems.repo.byIds(siteId, row.problemIds.map(BigInt));
    const ordered = row.problemIds
      .map((pid) => problems.find((p) => String(p.id) === pid))
      .filter((p): p is ProblemRow => !!p);
    return {
      ...(await this.present(siteId, [row], answers))[0]!,
      problems: ordered.map((p) =>
        presentProblemShown(
          p,
          p.score,
          [],
          p.options.map((_, i) => i),
        ),
      ),
      answers: answers.map((a) => {
        const p = problems.find((x) => x.id === a.problemId);
        return {
          problemId: String(a.problemId),
          answer: a.answer,
          isCorrect: a.isCorrect,
          rightAnswer: p?.answer ?? [],
          analysis: p?.analysis ?? '',
          hasVideo: p?.videoId ? 1 : 0,
        };
      }),
    };
  }

  async list(siteId: bigint, userId: bigint, q: TPageQuery) {
    const { rows, total } = await this.repo.page(siteId, userId, q);
    const answers = await this.repo.answers(
      siteId,
      rows.map((r) => r.id),
    );
    return toPage(await this.present(siteId, rows, answers), total, q, (x) => x);
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    if (!(await this.repo.remove(siteId, userId, BigInt(id)))) throw fail('练习不存在或已删除');
    return null;
  }

  async clearAnswers(siteId: bigint, userId: bigint, practiceId: string): Promise<null> {
    const row = await this.own(siteId, userId, practiceId);
    await this.repo.clearAnswers(siteId, row.id);
    return null;
  }

  /**
   * One practice answer, judged at once. From a practice set the problem must be in the set; without one it
   * must be in the user's wrong-answer book or an exercise of a lesson they can open. Either way a problem in the book moves along its streak.
   */
  async answer(siteId: bigint, userId: bigint, input: { problemId: string; answer: string[]; practiceId?: string }) {
    const problemId = BigInt(input.problemId);
    let practice: PracticeRow | undefined;
    if (input.practiceId) {
      practice = await this.own(siteId, userId, input.practiceId);
      if (!practice.problemIds.includes(input.problemId)) throw fail('这道题不在本次练习中');
    } else if (
      !(await this.book.repo.byProblem(siteId, userId, problemId)) &&
      !(await this.exercises.canPractise(siteId, userId, problemId))
    ) {
      throw fail('这道题不在您的错题本中');
    }
    const [problem] = await this.problems.repo.byIds(siteId, [problemId]);
    if (!problem) throw fail('题目已不存在');
    const answer = problem.options.length
      ? [...new Set(input.answer.map((a) => a.trim().toUpperCase()).filter(Boolean))].sort()
      : input.answer;
    const s = scoreAnswer(problem, answer, problem.score, PartialRule.NONE);
    const isCorrect = s.isCorrect ?? Correctness.WRONG;
    if (practice) await this.repo.saveAnswer(siteId, userId, practice.id, problemId, answer, isCorrect);
    const book = await this.book.practised(siteId, userId, problemId, answer, isCorrect === Correctness.RIGHT);
    const hasVideo = problem.videoId && (await this.mayWatch(siteId, userId, problem)) ? 1 : 0;
    return {
      problemId: input.problemId,
      answer,
      isCorrect,
      rightAnswer: problem.answer,
      analysis: problem.analysis,
      hasVideo,
      ...book,
    };
  }

  /**
   * The explanation video goes with the analysis: to whoever was shown it after answering — in a practice set,
   * from the wrong-answer book, or as an exercise of a lesson they can open — and to the problem's lecturer.
   */
  private async mayWatch(siteId: bigint, userId: bigint, problem: ProblemRow): Promise<boolean> {
    if (problem.lecturerUserId === userId || (await this.repo.answeredBy(siteId, userId, problem.id))) return true;
    return (
      !!(await this.book.repo.byProblem(siteId, userId, problem.id)) ||
      (await this.exercises.canPractise(siteId, userId, problem.id))
    );
  }

  async sign(siteId: bigint, userId: bigint, problemId: string) {
    const [problem] = await this.problems.repo.byIds(siteId, [BigInt(problemId)]);
    if (!problem) throw fail('题目不存在或已删除');
    if (!(await this.mayWatch(siteId, userId, problem))) throw fail('作答后才能观看讲解视频');
    if (!problem.videoId) throw fail('这道题没有讲解视频');
    return { problemId, ...(await this.videos.playVideo(siteId, userId, problem.videoId)) };
  }

  /* ---- favourites (collectionType 4: papers) ---- */

  async collect(siteId: bigint, userId: bigint, examId: string) {
    await this.papers.visible(siteId, examId, userId);
    await this.repo.collect(siteId, userId, COLLECTION_PAPER, BigInt(examId));
    return { isCollect: 1 as const };
  }

  async uncollect(siteId: bigint, userId: bigint, examId: string): Promise<null> {
    await this.repo.uncollect(siteId, userId, COLLECTION_PAPER, BigInt(examId));
    return null;
  }

  isCollected(siteId: bigint, userId: bigint, examId: bigint): Promise<boolean> {
    return this.repo.isCollected(siteId, userId, COLLECTION_PAPER, examId);
  }

  async collections(siteId: bigint, userId: bigint, q: TPageQuery) {
    const { rows, total } = await this.repo.collectionPage(siteId, userId, COLLECTION_PAPER, q);
    const papers = await this.papers.repo.papersByIds(
      siteId,
      rows.map((r) => r.collectionId),
    );
    const infos = await this.papers.presentInfos(siteId, papers);
    const list = rows.flatMap((r) => {
      const info = infos.find((i) => i.id === String(r.collectionId));
      const paper = papers.find((p) => p.id === r.collectionId);
      return info && paper ? [{ ...info, collectionTime: formatTime(r.gmtCreate), isPutAway: paper.isPutAway }] : [];
    });
    return {
      list,
      totalCount: total,
      totalPage: Math.ceil(total / q.pageSize),
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
    };
  }

  private async own(siteId: bigint, userId: bigint, id: string): Promise<PracticeRow> {
    const row = await this.repo.byId(siteId, userId, BigInt(id));
    if (!row) throw fail('练习不存在或已删除');
    return row;
  }

  private async present(siteId: bigint, rows: PracticeRow[], answers: PracticeAnswerRow[]) {
    const names = await this.problems.categories.names(
      siteId,
      rows.map((r) => r.subjectId),
    );
    return rows.map((r) => {
      const mine = answers.filter((a) => a.practiceId === r.id);
      return {
        id: String(r.id),
        practiceName: r.practiceName,
        subjectId: r.subjectId ? String(r.subjectId) : '',
        subjectName: r.subjectId ? (names.get(r.subjectId) ?? '') : '',
        problemCount: r.problemIds.length,
        answeredCount: mine.length,
        correctCount: mine.filter((a) => a.isCorrect === Correctness.RIGHT).length,
        gmtCreate: formatTime(r.gmtCreate),
      };
    });
  }
}
