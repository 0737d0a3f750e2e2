import type { TPageQuery } from '#contract/call.ts';
import type { TPaperInfo } from '#contract/exam-centre.ts';
import { SearchType } from '#contract/search.ts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import type { UserService } from '../user/user.service.ts';
import { categoryRepo, type CategoryRepo } from './category.repo.ts';
import { paperRepo, type PaperRepo, type PaperRow, type ShelfFilter } from './paper.repo.ts';
import { presentOutline, presentPaperInfo } from './paper.presenter.ts';
import { loadStructure, type PaperStructure } from './paper-structure.ts';
import { problemRepo, type ProblemRepo } from './problem.repo.ts';
import { paperVisible } from './exam.policy.ts';
import type { PaperSearch } from './paper-search.source.ts';

const STRUCTURE_CACHE_MAX = 500;

/** Published papers: the paper centre, details, search and recommendations, and the structure attempts use. */
export class PaperService {
  readonly repo: PaperRepo;
  readonly problems: ProblemRepo;
  readonly categories: CategoryRepo;
  private readonly users: UserService;
  /** Published structures by site, paper and version: a re-approval bumps the version, so stale entries are never read. */
  private readonly structures = new LocalCache<string, PaperStructure>({ max: STRUCTURE_CACHE_MAX });
  /** the search index: the paper search call's ids, and re-indexing a paper published or shelved */
  readonly index: PaperSearch;
  constructor(p: Platform, users: UserService, search: PaperSearch) {
    this.index = search;
    this.repo = paperRepo(p.db);
    this.problems = problemRepo(p.db);
    this.categories = categoryRepo(p.db);
    this.users = users;
  }

  async structureOf(siteId: bigint, paper: PaperRow): Promise<PaperStructure> {
    const key = `${siteId}:${paper.id}:${paper.version}`;
    const hit = this.structures.get(key);
    if (hit) return hit;
    const s = await loadStructure(siteId, await this.repo.outline(siteId, paper.id, 'published'), this.problems);
    this.structures.set(key, s);
    return s;
  }

  async published(siteId: bigint, id: string | bigint): Promise<PaperRow> {
    const row = await this.repo.paperById(siteId, BigInt(id));
    if (!row) throw notFound('试卷');
    return row;
  }

  /** On the shelf, or its own lecturer looking at it. */
  async visible(siteId: bigint, id: string | bigint, userId?: bigint): Promise<PaperRow> {
    const row = await this.published(siteId, id);
    paperVisible(row, userId);
    return row;
  }

  /** Why this user cannot start the paper, or '' when they can. Priced papers wait for the orders module. */
  startRefusal(paper: PaperRow, userId: bigint): string {
    if (paper.lecturerUserId === userId) return '';
    if (paper.isPutAway !== 1) return '该试卷已下架';
    if (paper.isFree !== 1 && paper.priceFen > 0) return '该试卷需购买后才能参加';
    return '';
  }

  async lecturerNames(siteId: bigint, ids: bigint[]): Promise<Map<bigint, string>> {
    const briefs = await this.users.briefs(siteId, [...new Set(ids)]);
    return new Map([...briefs].map(([id, u]) => [id, u.nickname || `讲师${u.mobile.slice(-4)}`]));
  }

  async presentInfos(siteId: bigint, rows: PaperRow[]): Promise<TPaperInfo[]> {
    const [names, lecturers] = await Promise.all([
      this.categories.names(
        siteId,
        rows.flatMap((r) => [r.subjectId, r.yearId]),
      ),
      this.lecturerNames(
        siteId,
        rows.map((r) => r.lecturerUserId),
      ),
    ]);
    return rows.map((r) => presentPaperInfo(r, names, lecturers.get(r.lecturerUserId) ?? ''));
  }

  async list(siteId: bigint, q: TPageQuery & ShelfFilter): Promise<Page<TPaperInfo>> {
    const { rows, total } = await this.repo.shelfPage(siteId, q);
    return toPage(await this.presentInfos(siteId, rows), total, q, (x) => x);
  }

  async search(siteId: bigint, q: TPageQuery & { keyword: string }): Promise<Page<TPaperInfo>> {
    const found = await this.index.ids(siteId, SearchType.PAPER, q.keyword, q);
    const rows = await this.repo.onShelfByIds(siteId, found.list);
    return toPage(await this.presentInfos(siteId, rows), found.totalCount, q, (x) => x);
  }

  async recommend(siteId: bigint, subjectId: string | undefined, n: number): Promise<TPaperInfo[]> {
    return this.presentInfos(siteId, await this.repo.recommend(siteId, subjectId, n));
  }

  async detail(siteId: bigint, id: string, userId?: bigint) {
    const paper = await this.visible(siteId, id, userId);
    const [info] = await this.presentInfos(siteId, [paper]);
    return { ...info!, sections: presentOutline(await this.structureOf(siteId, paper)) };
  }
}
