import { RecordStatus } from '#contract/exam-attempt.ts';
import { fail } from '../../platform/http/errors.ts';
import type { UserService } from '../user/user.service.ts';
import type { AnswerRow, AttemptRepo, RecordRow } from './attempt.repo.ts';
import { presentRecordSummary } from './attempt.presenter.ts';
import type { PaperService } from './paper.service.ts';
import type { ProblemService } from './problem.service.ts';
import { readableRecord, sameHolder, type ExplanationVideos } from './exam.policy.ts';
import type { TProblemFull } from '#contract/exam.ts';

/** What the grade domain, which holds class exams, answers and hears about their attempts. */
export interface HeldAnswers {
  /** Whether a class exam lets this member read its right answers and explanations now. */
  answersShown(siteId: bigint, userId: bigint, gradeExamId: bigint): Promise<boolean>;
  /** An attempt at the class exam was handed in or marked, after its commit: the class's scores changed. Never throws. */
  scored(siteId: bigint, gradeExamId: bigint): Promise<void>;
}

/** A problem with its right answer, explanation and video taken out. */
const withoutKeys = (p: TProblemFull): TProblemFull => ({
  ...p,
  answer: [],
  analysis: '',
  videoId: '',
  children: p.children.map(withoutKeys),
});

const presentResult = (a: AnswerRow | undefined) =>
  a
    ? {
        problemId: String(a.problemId),
        answer: a.answer,
        score: a.score,
        isCorrect: a.isCorrect,
        markStatus: a.markStatus,
        markRemark: a.markRemark,
      }
    : null;

/** The result page and the explanation videos: only after submission, only for the student or the paper's lecturer. */
export class ResultService {
  private readonly repo: AttemptRepo;
  private readonly papers: PaperService;
  private readonly problems: ProblemService;
  private readonly users: UserService;
  private readonly videos: ExplanationVideos;
  private readonly held: () => HeldAnswers;
  constructor(
    repo: AttemptRepo,
    papers: PaperService,
    problems: ProblemService,
    users: UserService,
    videos: ExplanationVideos,
    held: () => HeldAnswers,
  ) {
    this.repo = repo;
    this.papers = papers;
    this.problems = problems;
    this.users = users;
    this.videos = videos;
    this.held = held;
  }

  /**
   * A submitted attempt, for its student or the paper's lecturer. A class exam's attempt is read by its student
   * only through that class exam (`via`), which has checked the membership.
   */
  private async readable(siteId: bigint, userId: bigint, recordId: string, via: bigint | null): Promise<RecordRow> {
    const rec = readableRecord(await this.repo.recordById(siteId, BigInt(recordId)), userId);
    if (rec.lecturerUserId !== userId) sameHolder(rec, via);
    if (rec.status === RecordStatus.IN_PROGRESS) throw fail('交卷后才能查看答案与解析');
    return rec;
  }

  /** The result page; `hideKeys` leaves out right answers and explanations (a class exam that does not show them yet). */
  async view(siteId: bigint, userId: bigint, recordId: string, opts: { via?: bigint; hideKeys?: boolean } = {}) {
    const rec = await this.readable(siteId, userId, recordId, opts.via ?? null);
    const paper = await this.papers.published(siteId, rec.examId);
    const structure = await this.papers.structureOf(siteId, paper);
    const answers = new Map((await this.repo.answersOf(siteId, rec.id)).map((a) => [a.problemId, a]));
    const tops = structure.sections.flatMap((s) => s.items.map((i) => i.problem));
    const full = new Map((await this.problems.presentMany(siteId, tops, false)).map((f) => [f.id, f]));
    const student = (await this.users.briefs(siteId, [rec.userId])).get(rec.userId);
    return {
      ...presentRecordSummary(rec, paper),
      userId: String(rec.userId),
      userNickname: student?.nickname ?? '',
      sections: structure.sections.map((s) => ({
        titleName: s.titleName,
        score: s.score,
        problems: s.items.map((it) => {
          const shown = full.get(String(it.problem.id))!;
          const problem = opts.hideKeys ? withoutKeys(shown) : shown;
          return {
            score: it.score,
            problem: {
              ...problem,
              children: problem.children.filter((c) => it.children.some((k) => String(k.id) === c.id)),
            },
            result: it.children.length ? null : presentResult(answers.get(it.problem.id)),
            children: it.children.map((c) => ({ problemId: String(c.id), result: presentResult(answers.get(c.id)) })),
          };
        }),
      })),
    };
  }

  /** The explanation video of a problem: for its lecturer, or for a student whose submitted attempt had it. */
  async sign(siteId: bigint, userId: bigint, problemId: string, recordId: string | undefined) {
    const [problem] = await this.problems.repo.byIds(siteId, [BigInt(problemId)]);
    if (!problem) throw fail('题目不存在或已删除');
    if (problem.lecturerUserId !== userId) {
      if (!recordId) throw fail('交卷后才能观看讲解视频');
      const pre = await this.repo.recordById(siteId, BigInt(recordId));
      const via = pre?.gradeExamId ?? null;
      if (via !== null && !(await this.held().answersShown(siteId, userId, via)))
        throw fail('班主任设置了考试结束后才能查看解析');
      const rec = await this.readable(siteId, userId, recordId, via);
      const paper = await this.papers.published(siteId, rec.examId);
      const structure = await this.papers.structureOf(siteId, paper);
      if (
        !structure.leaves.has(problemId) &&
        !structure.sections.some((s) => s.items.some((i) => String(i.problem.id) === problemId))
      ) {
        throw fail('这道题不在这次考试中');
      }
    }
    if (!problem.videoId) throw fail('这道题没有讲解视频');
    return { problemId, ...(await this.videos.playVideo(siteId, userId, problem.videoId)) };
  }
}
