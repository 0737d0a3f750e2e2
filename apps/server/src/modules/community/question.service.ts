import type { TPageQuery } from '#contract/call.ts';
import type { TQuestionItem, TQuestionView } from '#contract/community-question.ts';
import { SearchType } from '#contract/search.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { notFound } from '../../platform/http/errors.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import type { UserService } from '../user/user.service.ts';
import type { ContentGuard } from './content-guard.ts';
import type { ContentSearch } from './community-search.source.ts';
import type { LabelService } from './label.service.ts';
import { questionRepo, type QuestionRepo, type QuestionRow, type QuestionSortKey } from './question.repo.ts';
import { presentQuestion, presentQuestionItem } from './question.presenter.ts';
import { mayChangeQuestion, visibleTo } from './question.policy.ts';
import { plainLength } from './question-text.ts';

export interface QuestionInput {
  title: string;
  content: string;
  labelIds: string[];
}

export interface QuestionDeps {
  users: UserService;
  labels: LabelService;
  guard: ContentGuard;
  search: ContentSearch;
}

/** How long a public list page is served again in this process (a write here drops them at once). */
const LIST_TTL_MS = 5_000;

/** Questions: asking, editing and deleting one's own, the public lists and search, and the administrator's care. */
export class QuestionService {
  readonly repo: QuestionRepo;
  private readonly p: Platform;
  private readonly deps: QuestionDeps;
  /** The public tabs and searches, the same for every reader. */
  private readonly lists = new LocalCache<string, Promise<Page<TQuestionItem>>>({ ttlMs: LIST_TTL_MS, max: 500 });
  /** Totals of the public lists, by filter: shared by every page of one tab. */
  private readonly counts = new LocalCache<string, Promise<number>>({ ttlMs: LIST_TTL_MS, max: 500 });
  constructor(p: Platform, deps: QuestionDeps) {
    this.p = p;
    this.deps = deps;
    this.repo = questionRepo(p.db, (key, count) => this.counts.load(key, count));
  }

  async ask(siteId: bigint, userId: bigint, input: QuestionInput): Promise<TQuestionView> {
    const values = await this.checked(siteId, userId, input);
    await this.deps.guard.takePostingSlot(siteId, userId, 'question');
    const row = await this.repo.insert(siteId, userId, values);
    this.forgetLists();
    await this.deps.search.changed(siteId, row.id);
    return this.present(siteId, row);
  }

  async update(siteId: bigint, userId: bigint, id: string, input: QuestionInput): Promise<TQuestionView> {
    const q = mayChangeQuestion(await this.repo.byId(siteId, BigInt(id)), userId);
    const values = await this.checked(siteId, userId, input);
    const row = await this.repo.update(siteId, q.id, values);
    this.forgetLists();
    await this.deps.search.changed(siteId, row.id);
    return this.present(siteId, row);
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    const q = mayChangeQuestion(await this.repo.byId(siteId, BigInt(id)), userId);
    await withTransaction(this.p.db, (tx) => questionRepo(tx).remove(siteId, q.id));
    this.forgetLists();
    await this.deps.search.changed(siteId, q.id);
    return null;
  }

  list(siteId: bigint, q: TPageQuery & { labelNo: string; sort: QuestionSortKey }): Promise<Page<TQuestionItem>> {
    const labelId = q.labelNo ? BigInt(q.labelNo) : null;
    return this.lists.load(`list:${siteId}:${JSON.stringify(q)}`, () =>
      this.page(siteId, q, this.repo.list(siteId, { ...q, labelId })),
    );
  }

  search(siteId: bigint, q: TPageQuery & { title: string }): Promise<Page<TQuestionItem>> {
    return this.lists.load(`search:${siteId}:${JSON.stringify(q)}`, async () => {
      const found = await this.deps.search.ids(siteId, SearchType.QUESTION, q.title, q);
      return this.page(siteId, q, this.repo.shownByIds(siteId, found.list, found.totalCount));
    });
  }

  mine(siteId: bigint, userId: bigint, q: TPageQuery): Promise<Page<TQuestionItem>> {
    return this.page(siteId, q, this.repo.byUser(siteId, userId, q));
  }

  adminPage(siteId: bigint, q: TPageQuery & { title: string; isHidden?: number }): Promise<Page<TQuestionItem>> {
    return this.page(siteId, q, this.repo.adminPage(siteId, q));
  }

  /** A visitor's read of the page: it counts as a view. */
  async view(siteId: bigint, id: string): Promise<TQuestionView> {
    const q = visibleTo(await this.repo.byId(siteId, BigInt(id)), null, '问题');
    await this.repo.addView(siteId, q.id);
    return this.present(siteId, { ...q, viewCount: q.viewCount + 1 });
  }

  /** A view of the question's page served from the page cache, which no render counted. */
  async countView(siteId: bigint, id: bigint): Promise<void> {
    await this.repo.addView(siteId, id);
  }

  /** The question as a signed-in reader sees it: its asker also sees it while hidden. Not counted as a view. */
  async viewFor(siteId: bigint, readerId: bigint, id: string): Promise<{ row: QuestionRow; view: TQuestionView }> {
    const row = visibleTo(await this.repo.byId(siteId, BigInt(id)), readerId, '问题');
    return { row, view: await this.present(siteId, row) };
  }

  /** The question an answer is written to or read under: there, and not hidden from this reader. */
  async readable(siteId: bigint, id: bigint, readerId: bigint | null): Promise<QuestionRow> {
    return visibleTo(await this.repo.byId(siteId, id), readerId, '问题');
  }

  async setHidden(siteId: bigint, id: string, isHidden: number): Promise<null> {
    if (!(await this.repo.setHidden(siteId, BigInt(id), isHidden))) throw notFound('问题');
    this.forgetLists();
    await this.deps.search.changed(siteId, BigInt(id));
    return null;
  }

  async adminRemove(siteId: bigint, id: string): Promise<null> {
    const q = await this.repo.byId(siteId, BigInt(id));
    if (!q) throw notFound('问题');
    await withTransaction(this.p.db, (tx) => questionRepo(tx).remove(siteId, q.id));
    this.forgetLists();
    await this.deps.search.changed(siteId, q.id);
    return null;
  }

  private forgetLists(): void {
    this.lists.clear();
    this.counts.clear();
  }

  async present(siteId: bigint, row: QuestionRow): Promise<TQuestionView> {
    const users = await this.deps.users.briefs(siteId, [row.userId]);
    return presentQuestion(row, users.get(row.userId), await this.deps.labels.names(siteId));
  }

  private async page(
    siteId: bigint,
    q: TPageQuery,
    found: ReturnType<QuestionRepo['list']>,
  ): Promise<Page<TQuestionItem>> {
    const { rows, total } = await found;
    const [users, labels] = await Promise.all([
      this.deps.users.briefs(siteId, [...new Set(rows.map((r) => r.userId))]),
      this.deps.labels.names(siteId),
    ]);
    return toPage(rows, total, q, (r) => presentQuestionItem(r, users.get(r.userId), labels));
  }

  /** The labels exist and the words pass the site's list; refusals name what to change. */
  private async checked(siteId: bigint, userId: bigint, input: QuestionInput) {
    const labelIds = await this.deps.labels.checkQuestionLabels(siteId, input.labelIds);
    await this.deps.users.brief(siteId, userId);
    const content = plainLength(input.content) === 0 ? '' : input.content;
    await this.deps.guard.checkWords(siteId, [
      { label: '问题标题', text: input.title },
      { label: '问题描述', text: content },
    ]);
    return { title: input.title, content, labelIds };
  }
}
