import { CategoryType, EXAM_LIMITS, ProblemType, type TProblemFields, type TProblemFull } from '#contract/exam.ts';
import type { TPageQuery } from '#contract/call.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import { categoryRepo, type CategoryRepo } from './category.repo.ts';
import { requireCategories } from './category.service.ts';
import { optionKey } from './exam-rules.ts';
import { ownedBy, requireLecturer } from './exam.policy.ts';
import {
  problemRepo,
  type ProblemFilter,
  type ProblemRepo,
  type ProblemRow,
  type ProblemValues,
} from './problem.repo.ts';
import { presentProblemFull } from './problem.presenter.ts';

const JUDGE_OPTIONS = [
  { key: 'A', content: '正确' },
  { key: 'B', content: '错误' },
];

/** The lecturer's question bank: problems of six types, material problems with their sub-problems. */
export class ProblemService {
  readonly repo: ProblemRepo;
  readonly categories: CategoryRepo;
  private readonly users: UserService;
  private readonly vod: VodService;
  constructor(p: Platform, users: UserService, vod: VodService) {
    this.repo = problemRepo(p.db);
    this.categories = categoryRepo(p.db);
    this.users = users;
    this.vod = vod;
  }

  async categoryList(siteId: bigint) {
    const rows = await this.categories.list(siteId);
    const shown = (type: number) =>
      rows
        .filter((r) => r.categoryType === type)
        .map((r) => ({ id: String(r.id), categoryType: r.categoryType, categoryName: r.categoryName, sort: r.sort }));
    return { subjectList: shown(CategoryType.SUBJECT), yearList: shown(CategoryType.YEAR) };
  }

  async list(siteId: bigint, userId: bigint, q: TPageQuery & ProblemFilter): Promise<Page<TProblemFull>> {
    await requireLecturer(this.users, siteId, userId);
    const { rows, total } = await this.repo.ownPage(siteId, userId, q);
    const full = await this.presentMany(siteId, rows);
    return toPage(full, total, q, (x) => x);
  }

  async view(siteId: bigint, userId: bigint, id: string): Promise<TProblemFull> {
    const row = ownedBy(await this.repo.liveById(siteId, BigInt(id)), userId, '题目');
    return (await this.presentMany(siteId, [row]))[0]!;
  }

  async save(siteId: bigint, userId: bigint, input: TProblemFields): Promise<TProblemFull> {
    await requireLecturer(this.users, siteId, userId);
    let parent: ProblemRow | undefined;
    if (input.parentId) {
      parent = ownedBy(await this.repo.liveById(siteId, BigInt(input.parentId)), userId, '材料题');
      if (parent.problemType !== ProblemType.MATERIAL) throw fail('只有材料题可以添加小题');
      if (input.problemType === ProblemType.MATERIAL) throw fail('材料题的小题不能再是材料题');
      await this.refuseIfPublished(siteId, parent.id);
    }
    const values = await this.clean(siteId, userId, input, parent);
    const row = await this.repo.insert(siteId, userId, { ...values, parentId: parent?.id ?? null });
    return (await this.presentMany(siteId, [row]))[0]!;
  }

  async update(siteId: bigint, userId: bigint, input: TProblemFields & { id: string }): Promise<TProblemFull> {
    const before = ownedBy(await this.repo.liveById(siteId, BigInt(input.id)), userId, '题目');
    if (before.problemType !== input.problemType) throw fail('题型不能修改；如需换题型，请新建题目');
    await this.refuseIfPublished(siteId, before.parentId ?? before.id);
    const parent = before.parentId ? await this.repo.liveById(siteId, before.parentId) : undefined;
    const values = await this.clean(siteId, userId, input, parent, before);
    const row = (await this.repo.update(siteId, before.id, values))!;
    return (await this.presentMany(siteId, [row]))[0]!;
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    const row = ownedBy(await this.repo.liveById(siteId, BigInt(id)), userId, '题目');
    const top = row.parentId ?? row.id;
    if (await this.repo.usedByPaper(siteId, top)) {
      throw fail(
        row.parentId ? '该小题所属的材料题已被试卷使用，请先从试卷中移除' : '该题目已被试卷使用，请先从试卷中移除',
      );
    }
    await this.repo.softDelete(siteId, [row.id]);
    return null;
  }

  async videoRef(
    siteId: bigint,
    userId: bigint,
    problemId: string,
    videoId: string | undefined,
  ): Promise<TProblemFull> {
    const row = ownedBy(await this.repo.liveById(siteId, BigInt(problemId)), userId, '题目');
    if (videoId) await this.ownVideo(siteId, userId, videoId);
    const updated = (await this.repo.update(siteId, row.id, { videoId: videoId ? BigInt(videoId) : null }))!;
    return (await this.presentMany(siteId, [updated]))[0]!;
  }

  /**
   * A published paper is scored against its problems: changing one under it would change the meaning of answers
   * already given, so such problems are replaced rather than edited.
   */
  private async refuseIfPublished(siteId: bigint, topId: bigint): Promise<void> {
    if (await this.repo.usedByPublished(siteId, topId))
      throw fail('该题目已用于已发布的试卷，修改会影响学员的成绩；请新建一道题，并在试卷中替换');
  }

  /** Problems with their sub-problems and category names, in the order given. */
  async presentMany(siteId: bigint, rows: ProblemRow[], liveChildrenOnly = true): Promise<TProblemFull[]> {
    const children = await this.repo.childrenOf(
      siteId,
      rows.filter((r) => r.problemType === ProblemType.MATERIAL).map((r) => r.id),
      liveChildrenOnly,
    );
    const names = await this.categories.names(
      siteId,
      [...rows, ...children].flatMap((r) => [r.subjectId, r.yearId]),
    );
    return rows.map((r) =>
      presentProblemFull(
        r,
        children.filter((c) => c.parentId === r.id),
        names,
      ),
    );
  }

  /** Checks the fields against the problem type and cleans the rich text. */
  /** An explanation video comes from the lecturer's own video library. */
  private async ownVideo(siteId: bigint, userId: bigint, videoId: string): Promise<void> {
    await this.vod.view(siteId, userId, BigInt(videoId)).catch(() => {
      throw fail('讲解视频不存在，请从自己的视频库中选择');
    });
  }

  private async clean(
    siteId: bigint,
    userId: bigint,
    input: TProblemFields,
    parent: ProblemRow | undefined,
    before?: ProblemRow,
  ): Promise<ProblemValues> {
    if (input.videoId) await this.ownVideo(siteId, userId, input.videoId);
    const type = input.problemType;
    // stem, options and analysis arrive cleaned by the call wrapper (decision 31)
    const problemContent = input.problemContent;
    if (!problemContent.replace(/<[^>]*>/g, '').trim() && !/<img/i.test(problemContent)) throw fail('请填写题干');
    let options: { key: string; content: string }[] = [];
    let answer = input.answer.filter((a) => a !== '');
    if (type === ProblemType.SINGLE || type === ProblemType.MULTIPLE) {
      if (input.options.length < EXAM_LIMITS.minOptions) throw fail('选择题至少需要 2 个选项');
      options = input.options.map((o, i) => ({ key: optionKey(i), content: o.content }));
      answer = [...new Set(answer.map((a) => a.toUpperCase()))].sort();
      if (answer.some((a) => !options.some((o) => o.key === a))) throw fail('答案必须是已有选项的字母，如 A、B');
      if (type === ProblemType.SINGLE && answer.length !== 1) throw fail('单选题请选择 1 个正确答案');
      if (type === ProblemType.MULTIPLE && answer.length < 1) throw fail('多选题请至少选择 1 个正确答案');
    } else if (type === ProblemType.JUDGE) {
      options = JUDGE_OPTIONS;
      answer = answer.map((a) => a.toUpperCase());
      if (answer.length !== 1 || !['A', 'B'].includes(answer[0]!)) throw fail('判断题答案请选择 A（正确）或 B（错误）');
    } else if (type === ProblemType.FILL) {
      if (answer.length < 1 || answer.length !== input.answer.length)
        throw fail('填空题请按顺序填写每个空的答案（多个可接受答案用 | 分隔）');
      if (answer.length > 20) throw fail('填空题最多 20 个空');
    } else if (type === ProblemType.SHORT) {
      if (answer.length > 1) throw fail('简答题只需填写一份参考答案');
    } else {
      answer = [];
    }
    await requireCategories(this.categories, siteId, input, before);
    return {
      problemType: type,
      problemContent,
      options,
      answer,
      analysis: input.analysis,
      videoId: input.videoId ? BigInt(input.videoId) : null,
      score: input.score,
      difficulty: input.difficulty,
      subjectId: input.subjectId ? BigInt(input.subjectId) : (parent?.subjectId ?? null),
      yearId: input.yearId ? BigInt(input.yearId) : (parent?.yearId ?? null),
      knowledgePoints: [...new Set(input.knowledgePoints)],
    };
  }
}
