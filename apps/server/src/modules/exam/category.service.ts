import type { TCategoryAdmin } from '#contract/exam-category.ts';
import { CategoryType } from '#contract/exam.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { formatTime } from '../../platform/time.ts';
import { categoryRepo, type CategoryRepo, type CategoryRow, type CategoryValues } from './category.repo.ts';

const typeName = (t: number) => (t === CategoryType.SUBJECT ? '科目' : '年份');

interface Chosen {
  subjectId?: string | bigint | null;
  yearId?: string | bigint | null;
}

/**
 * The subject and year a form chose must be enabled categories of their type; what the problem or paper already
 * carries may stay even after the administrator stopped it, so old work can still be edited.
 */
export async function requireCategories(
  repo: CategoryRepo,
  siteId: bigint,
  chosen: Chosen,
  kept: Chosen = {},
): Promise<void> {
  for (const [key, type] of [
    ['subjectId', CategoryType.SUBJECT],
    ['yearId', CategoryType.YEAR],
  ] as const) {
    const v = chosen[key];
    if (!v || String(v) === String(kept[key] ?? '')) continue;
    if (!(await repo.exists(siteId, BigInt(v), type))) throw fail(`${typeName(type)}不存在或已停用，请重新选择`);
  }
}

/**
 * The administrator's subjects and years. What the forms and filters offer is `list` of the repo (enabled only);
 * a stopped category keeps its name on what already carries it, and one in use cannot be deleted.
 */
export class CategoryService {
  readonly repo: CategoryRepo;
  constructor(p: Platform) {
    this.repo = categoryRepo(p.db);
  }

  /** The enabled subjects, by id: what classes are classified by. */
  async subjects(siteId: bigint): Promise<Map<bigint, string>> {
    const rows = await this.repo.list(siteId);
    return new Map(rows.filter((r) => r.categoryType === CategoryType.SUBJECT).map((r) => [r.id, r.categoryName]));
  }

  async adminList(siteId: bigint, categoryType?: number): Promise<TCategoryAdmin[]> {
    return this.present(siteId, await this.repo.all(siteId, categoryType));
  }

  async save(siteId: bigint, input: CategoryValues): Promise<TCategoryAdmin> {
    await this.refuseTaken(siteId, input.categoryType, input.categoryName);
    return (await this.present(siteId, [await this.repo.insert(siteId, input)]))[0]!;
  }

  async update(siteId: bigint, id: string, input: CategoryValues): Promise<TCategoryAdmin> {
    const before = await this.repo.byId(siteId, BigInt(id));
    if (!before) throw notFound('分类');
    if (before.categoryType !== input.categoryType)
      throw fail(
        `分类类型不能修改：这是一个${typeName(before.categoryType)}，如需${typeName(input.categoryType)}请新增`,
      );
    await this.refuseTaken(siteId, before.categoryType, input.categoryName, before.id);
    const row = await this.repo.update(siteId, before.id, {
      categoryName: input.categoryName,
      sort: input.sort,
      statusId: input.statusId,
    });
    return (await this.present(siteId, [row!]))[0]!;
  }

  async remove(siteId: bigint, id: string): Promise<null> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('分类');
    const { problems, papers } = await this.repo.usageOf(siteId, [row.id]);
    const inUse = (problems.get(row.id) ?? 0) + (papers.get(row.id) ?? 0);
    if (inUse > 0 || (await this.repo.usedByStudents(siteId, row.id))) {
      throw fail(
        `${typeName(row.categoryType)}“${row.categoryName}”已有题目、试卷或学员的错题使用，不能删除；不再使用可以停用`,
      );
    }
    await this.repo.remove(siteId, row.id);
    return null;
  }

  private async refuseTaken(siteId: bigint, categoryType: number, name: string, exceptId?: bigint): Promise<void> {
    if (await this.repo.nameTaken(siteId, categoryType, name, exceptId))
      throw fail(`已有名为“${name}”的${typeName(categoryType)}，请换一个名称`);
  }

  private async present(siteId: bigint, rows: CategoryRow[]): Promise<TCategoryAdmin[]> {
    const { problems, papers } = await this.repo.usageOf(
      siteId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: String(r.id),
      categoryType: r.categoryType,
      categoryName: r.categoryName,
      sort: r.sort,
      statusId: r.statusId,
      problemCount: problems.get(r.id) ?? 0,
      paperCount: papers.get(r.id) ?? 0,
      gmtCreate: formatTime(r.gmtCreate),
    }));
  }
}
