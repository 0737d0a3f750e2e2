import type { TCommunityLabel } from '#contract/community-question.ts';
import { LabelType, MAX_QUESTION_LABELS } from '#contract/community-question.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { labelRepo, type LabelRepo, type LabelRow, type LabelValues } from './label.repo.ts';
import { presentLabel } from './question.presenter.ts';

/**
 * The community labels the administrator keeps. Every question list names its labels, so the active labels of a
 * site are read through the memo: a change drops them in every process.
 */
export class LabelService {
  private readonly p: Platform;
  private readonly repo: LabelRepo;
  constructor(p: Platform) {
    this.p = p;
    this.repo = labelRepo(p.db);
  }

  async list(siteId: bigint, labelType: number): Promise<TCommunityLabel[]> {
    return (await this.active(siteId, labelType)).map(presentLabel);
  }

  /** Every label of the site by id, active or not: a question keeps showing a label the administrator stopped. */
  async names(siteId: bigint): Promise<Map<string, string>> {
    const rows = await this.p.cache.memo.get(this.key(siteId, 0), async () => [
      ...(await this.repo.list(siteId, LabelType.BLOG, false)),
      ...(await this.repo.list(siteId, LabelType.QUESTION, false)),
    ]);
    return new Map(rows.map((r) => [String(r.id), r.labelName]));
  }

  /** The labels a question may name: distinct, at most three, active question labels. */
  async checkQuestionLabels(siteId: bigint, ids: string[]): Promise<bigint[]> {
    const unique = [...new Set(ids)];
    if (unique.length > MAX_QUESTION_LABELS) throw fail(`最多选择 ${MAX_QUESTION_LABELS} 个标签`);
    const active = new Set((await this.active(siteId, LabelType.QUESTION)).map((l) => String(l.id)));
    if (unique.some((id) => !active.has(id))) throw fail('所选标签不存在或已停用，请重新选择');
    return unique.map(BigInt);
  }

  adminList(siteId: bigint, labelType: number): Promise<TCommunityLabel[]> {
    return this.repo.list(siteId, labelType, false).then((rows) => rows.map(presentLabel));
  }

  async create(siteId: bigint, input: LabelValues & { labelType: number }): Promise<TCommunityLabel> {
    if (await this.repo.byName(siteId, input.labelType, input.labelName)) {
      throw fail(`已有名为「${input.labelName}」的标签`);
    }
    const { labelType, ...values } = input;
    const row = await this.repo.insert(siteId, labelType, values);
    await this.changed(siteId, labelType);
    return presentLabel(row);
  }

  async update(siteId: bigint, id: string, input: LabelValues): Promise<TCommunityLabel> {
    const current = await this.one(siteId, id);
    const same = await this.repo.byName(siteId, current.labelType, input.labelName);
    if (same && same.id !== current.id) throw fail(`已有名为「${input.labelName}」的标签`);
    const row = (await this.repo.update(siteId, current.id, input))!;
    await this.changed(siteId, row.labelType);
    return presentLabel(row);
  }

  async remove(siteId: bigint, id: string): Promise<null> {
    const current = await this.one(siteId, id);
    await withTransaction(this.p.db, (tx) => labelRepo(tx).remove(siteId, current.id));
    await this.changed(siteId, current.labelType);
    return null;
  }

  async sort(siteId: bigint, ids: string[]): Promise<null> {
    const rows = await this.repo.byIds(siteId, [...new Set(ids)].map(BigInt));
    if (rows.length !== new Set(ids).size) throw fail('部分标签不存在或已删除，请刷新后重试');
    const types = new Set(rows.map((r) => r.labelType));
    if (types.size !== 1) throw fail('只能排列同一类的标签');
    await withTransaction(this.p.db, (tx) => labelRepo(tx).setSort(siteId, [...new Set(ids)].map(BigInt)));
    await this.changed(siteId, rows[0]!.labelType);
    return null;
  }

  private active(siteId: bigint, labelType: number): Promise<LabelRow[]> {
    return this.p.cache.memo.get(this.key(siteId, labelType), () => this.repo.list(siteId, labelType, true));
  }

  private async one(siteId: bigint, id: string): Promise<LabelRow> {
    const [row] = await this.repo.byIds(siteId, [BigInt(id)]);
    if (!row) throw notFound('标签');
    return row;
  }

  private key(siteId: bigint, labelType: number): string {
    return `community:labels:${siteId}:${labelType}`;
  }

  private async changed(siteId: bigint, labelType: number): Promise<void> {
    await this.p.cache.memo.invalidate(this.key(siteId, labelType));
    await this.p.cache.memo.invalidate(this.key(siteId, 0));
  }
}
