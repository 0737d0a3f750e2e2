import type { TPageQuery } from '#contract/call.ts';
import {
  categoryTypeOfCourse,
  type TCategoryNode,
  type TChapterWithPeriods,
  type TCourseLecturer,
  type TCourseBrief,
  type TCourseCategory,
  type TCourseListQuery,
  type TCourseView,
  type TZoneWithCourses,
} from '#contract/course.ts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import { SEARCH_TYPE_OF_COURSE, type CourseSearch } from './course-search.source.ts';
import type { SystemService } from '../system/system.service.ts';
import {
  courseRepo,
  type CategoryRow,
  type ChapterFacts,
  type CourseCardRow,
  type CourseRepo,
  type PeriodFacts,
} from './course.repo.ts';
import {
  categoryTree,
  presentAccessory,
  presentCategory,
  presentChapters,
  presentCourseBrief,
  presentLecturer,
  presentPublicView,
} from './course.presenter.ts';
import { LocalCache, versioned } from '../../platform/local-cache.ts';

// A course page or a list page may be this many seconds behind an edit made in another process (this process
// drops its own copy at once); that buys the busiest public calls their speed.
const VIEW_TTL_MS = 30_000;
const VIEW_CACHE_SIZE = 10_000;
// a course's structure grows with its lessons: the views are bounded by their size as well, so a catalogue of long
// courses cannot hold the heap (48 MB keeps some 6,000 courses of 20 lessons; 16 MB took course/view from about 2,900
// to 2,000 a second on the bench's 10,000 courses: docs/benchmarks.md, 2026-12-03 afternoon)
const VIEW_CACHE_BYTES = 48 * 1024 * 1024;
const LIST_TTL_MS = 10_000;
const LIST_CACHE_SIZE = 2_000;

/**
 * A course page before the reader is known: the published course as everyone sees it, with two facts the services
 * use and no reader is shown (left out by `presentPublicView`).
 */
export type CourseViewBase = Omit<TCourseView, 'isPay'> & { isPutaway: number; hasComments: boolean };

/** About what a kept course page takes: its texts at two bytes a character and 100–250 bytes an object. */
function viewBytes(v: CourseViewBase | undefined): number {
  if (!v) return 64;
  let n = 1024 + 2 * (v.introduce.length + v.lecturer.introduce.length) + 200 * v.accessoryList.length;
  for (const ch of v.chapterList) {
    n += 160 + 2 * (ch.chapterName.length + ch.chapterDesc.length);
    for (const p of ch.periodList) n += 240 + 2 * (p.periodName.length + p.periodDesc.length + p.docName.length);
  }
  return n;
}

/** The memo key of a course's version token: dropped on every change of the course, in every process. */
export const courseVersionKey = (siteId: bigint, courseId: bigint): string => `course:version:${siteId}:${courseId}`;

/**
 * The catalogue: category trees, course lists and search, the course page, related courses and home-page
 * zones. Also the vod module's entry point when a video is ready (`onVideoReady`).
 */
export class CourseService {
  private readonly p: Platform;
  private readonly repo: CourseRepo;
  private readonly users: UserService;
  private readonly system: SystemService;
  private readonly views = new LocalCache<string, Promise<{ version: object; value: CourseViewBase | undefined }>>({
    ttlMs: VIEW_TTL_MS,
    max: VIEW_CACHE_SIZE,
    maxSettledBytes: { bytes: VIEW_CACHE_BYTES, sizeOf: (v) => viewBytes(v.value) },
  });
  private readonly pages = new LocalCache<string, Promise<Page<TCourseBrief>>>({
    ttlMs: LIST_TTL_MS,
    max: LIST_CACHE_SIZE,
  });
  private readonly counts = new LocalCache<string, Promise<number>>({ ttlMs: LIST_TTL_MS, max: LIST_CACHE_SIZE });
  private readonly relatedRows = new LocalCache<string, Promise<CourseCardRow[]>>({
    ttlMs: LIST_TTL_MS,
    max: LIST_CACHE_SIZE,
  });
  private readonly lecturers = new LocalCache<string, Promise<TCourseLecturer | undefined>>({
    ttlMs: VIEW_TTL_MS,
    max: 1_000,
  });
  private readonly index: CourseSearch;
  constructor(p: Platform, users: UserService, system: SystemService, search: CourseSearch) {
    this.index = search;
    this.p = p;
    this.repo = courseRepo(p.db);
    this.users = users;
    this.system = system;
  }

  private categoryRows(siteId: bigint, categoryType: number): Promise<CategoryRow[]> {
    return this.p.cache.memo.get(`course:categories:${siteId}:${categoryType}`, () =>
      this.repo.categories(siteId, categoryType),
    );
  }

  private async categoryRowsAll(siteId: bigint): Promise<Map<number, CategoryRow[]>> {
    const types = [1, 2, 3];
    const rows = await Promise.all(types.map((t) => this.categoryRows(siteId, t)));
    return new Map(types.map((t, i) => [t, rows[i]!]));
  }

  /** The lecturer's public card, kept as long as a course page and shared by the kept pages of their courses. */
  private lecturerOf(siteId: bigint, userId: bigint): Promise<TCourseLecturer | undefined> {
    return this.lecturers.load(`${siteId}:${userId}`, async () => {
      const l = await this.repo.lecturerOf(siteId, userId);
      return l && presentLecturer(userId, l, undefined);
    });
  }

  /** Administrators' category edits call this so lists and trees pick them up. */
  async invalidateCategories(siteId: bigint): Promise<void> {
    for (const t of [1, 2, 3]) await this.p.cache.memo.invalidate(`course:categories:${siteId}:${t}`);
  }

  async categoryTree(siteId: bigint, categoryType: number): Promise<TCategoryNode[]> {
    return categoryTree(await this.categoryRows(siteId, categoryType));
  }

  async categoryChildren(siteId: bigint, categoryType: number, parentId?: string): Promise<TCourseCategory[]> {
    const parent = parentId ? BigInt(parentId) : 0n;
    return (await this.categoryRows(siteId, categoryType)).filter((r) => r.parentId === parent).map(presentCategory);
  }

  /** The category and all below it; empty when the category is not of this kind (so the list is empty). */
  private async withDescendants(siteId: bigint, categoryType: number, categoryId: bigint): Promise<bigint[]> {
    const rows = await this.categoryRows(siteId, categoryType);
    if (!rows.some((r) => r.id === categoryId)) return [];
    const out = [categoryId];
    for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
    return out;
  }

  list(siteId: bigint, q: TCourseListQuery): Promise<Page<TCourseBrief>> {
    return this.pages.load(`list:${siteId}:${JSON.stringify(q)}`, () => this.listNow(siteId, q));
  }

  private async listNow(siteId: bigint, q: TCourseListQuery): Promise<Page<TCourseBrief>> {
    const categoryIds = q.categoryId
      ? await this.withDescendants(siteId, categoryTypeOfCourse(q.courseType), BigInt(q.categoryId))
      : undefined;
    const filter = {
      courseType: q.courseType,
      categoryIds,
      isFree: q.isFree,
      keyword: q.keyword,
      lecturerUserId: q.lecturerUserId ? BigInt(q.lecturerUserId) : undefined,
      orderBy: q.orderBy,
    };
    // every page and order of one filter shares its count
    const countKey = `count:${siteId}:${JSON.stringify({ ...q, pageCurrent: 0, pageSize: 0, orderBy: '' })}`;
    const total = this.counts.load(countKey, () => this.repo.count(siteId, filter));
    const { rows } = await this.repo.page(siteId, filter, q, total);
    return toPage(rows, await total, q, presentCourseBrief);
  }

  search(siteId: bigint, q: TPageQuery & { keyword: string; courseType?: number }): Promise<Page<TCourseBrief>> {
    return this.pages.load(`search:${siteId}:${JSON.stringify(q)}`, () => this.searchNow(siteId, q));
  }

  /** Ranked by the search index (relevance, then popularity); every kind of course when none is named. */
  private async searchNow(
    siteId: bigint,
    q: TPageQuery & { keyword: string; courseType?: number },
  ): Promise<Page<TCourseBrief>> {
    const types = q.courseType ? [SEARCH_TYPE_OF_COURSE[q.courseType]!] : Object.values(SEARCH_TYPE_OF_COURSE);
    const found = await this.index.ids(siteId, types, q.keyword, q);
    const byId = new Map((await this.repo.cardsByIds(siteId, found.list)).map((r) => [r.id, r]));
    const rows = found.list.flatMap((id) => byId.get(id) ?? []);
    return toPage(rows, found.totalCount, q, presentCourseBrief);
  }

  /** A lecturer's courses (their page, and "more by" on every course page of theirs), cached like the lists. */
  byLecturer(
    siteId: bigint,
    q: TPageQuery & { lecturerUserId: string; courseType?: number },
  ): Promise<Page<TCourseBrief>> {
    return this.pages.load(`lecturer:${siteId}:${JSON.stringify(q)}`, () => this.byLecturerNow(siteId, q));
  }

  private async byLecturerNow(
    siteId: bigint,
    q: TPageQuery & { lecturerUserId: string; courseType?: number },
  ): Promise<Page<TCourseBrief>> {
    const { rows, total } = await this.repo.page(
      siteId,
      { courseType: q.courseType, lecturerUserId: BigInt(q.lecturerUserId), orderBy: 'default' },
      q,
    );
    return toPage(rows, total, q, presentCourseBrief);
  }

  /**
   * Listed courses of the course's category, then recommended ones, never the course itself. Every course of a
   * category shares one cached answer of `limit + 1` rows: left without the course itself, that is still `limit`.
   */
  async related(siteId: bigint, q: { courseId?: string; courseType: number; limit: number }): Promise<TCourseBrief[]> {
    const base = q.courseId ? await this.viewBase(siteId, BigInt(q.courseId)) : undefined;
    const courseType = base?.courseType ?? q.courseType;
    const categoryId = base ? BigInt(base.categoryId) : null;
    const rows = await this.relatedRows.load(`${siteId}:${courseType}:${categoryId}:${q.limit}`, () =>
      this.repo.related(siteId, courseType, categoryId, q.limit + 1),
    );
    return rows
      .filter((r) => String(r.id) !== base?.id)
      .slice(0, q.limit)
      .map(presentCourseBrief);
  }

  /** The public course page: only courses on the shelf; isPay is 0 (the personal call fills it in). */
  async view(siteId: bigint, courseId: string): Promise<TCourseView> {
    const v = await this.viewBase(siteId, BigInt(courseId));
    if (!v || v.isPutaway !== 1) throw notFound('课程');
    return { ...presentPublicView(v), isPay: 0 };
  }

  /** The course page data of any live course (on the shelf or not), cached briefly. */
  async viewBase(siteId: bigint, courseId: bigint): Promise<CourseViewBase | undefined> {
    const version = await this.versionOf(siteId, courseId);
    return versioned(this.views, `${siteId}:${courseId}`, version, () => this.readView(siteId, courseId));
  }

  /**
   * A token per course shared through the cache's memo: a change anywhere drops it everywhere (over Redis when
   * configured), so a page cached before the change is not served again.
   */
  private versionOf(siteId: bigint, courseId: bigint): Promise<object> {
    return this.p.cache.memo.get(courseVersionKey(siteId, courseId), async () => ({}));
  }

  private async readView(siteId: bigint, courseId: bigint): Promise<CourseViewBase | undefined> {
    const [found, categories] = await Promise.all([
      this.repo.courseWithStructure(siteId, courseId),
      this.categoryRowsAll(siteId),
    ]);
    if (!found) return undefined;
    const { course: c, chapters, periods, accessories } = found;
    const lecturer =
      (c.lecturerName === null ? undefined : await this.lecturerOf(siteId, c.lecturerUserId)) ??
      presentLecturer(
        c.lecturerUserId,
        undefined,
        (await this.users.briefs(siteId, [c.lecturerUserId])).get(c.lecturerUserId),
      );
    return {
      ...presentCourseBrief(c),
      introduce: c.introduce,
      speedDouble: c.speedDouble,
      speedDrag: c.speedDrag,
      categoryPath: categoryPath(categories.get(categoryTypeOfCourse(c.courseType)) ?? [], c.categoryId),
      lecturer,
      chapterList: presentChapters(chapters, periods),
      accessoryList: accessories.map(presentAccessory),
      isPutaway: c.isPutaway,
      hasComments: found.hasComments,
    };
  }

  async chapters(siteId: bigint, courseId: string): Promise<TChapterWithPeriods[]> {
    const v = await this.viewBase(siteId, BigInt(courseId));
    if (!v || v.isPutaway !== 1) throw notFound('课程');
    return v.chapterList;
  }

  /** The home page's zones with their listed courses. */
  async zones(siteId: bigint, zoneLocation: number, perZone: number): Promise<TZoneWithCourses[]> {
    const zones = await this.system.zones(siteId, zoneLocation);
    const courses = await this.repo.zoneCourses(
      siteId,
      zones.map((z) => BigInt(z.id)),
      perZone,
    );
    return zones.map((z) => ({ ...z, courseList: (courses.get(BigInt(z.id)) ?? []).map(presentCourseBrief) }));
  }

  cards(siteId: bigint, ids: bigint[]): Promise<CourseCardRow[]> {
    return this.repo.cardsByIds(siteId, ids);
  }

  /**
   * Called by the vod module when a video finishes transcoding: every lesson showing that video takes its
   * length, and the courses' lesson counts are recomputed.
   */
  async onVideoReady(siteId: bigint, videoId: bigint, durationSec: number): Promise<void> {
    const courseIds = await this.repo.setVideoDuration(siteId, videoId, Math.max(0, Math.round(durationSec)));
    for (const id of courseIds) {
      await this.repo.recountPeriods(siteId, id);
      this.forget(siteId, id);
    }
  }

  /**
   * Shows a video in a lesson (an upload for a lesson, the demo videos): `durationSec` is the video's length when
   * it is already transcoded, else 0 until onVideoReady. Passing null removes the video.
   */
  async attachVideo(siteId: bigint, periodId: bigint, videoId: bigint | null, durationSec = 0): Promise<void> {
    const row = await this.repo.setPeriodVideo(
      siteId,
      periodId,
      videoId,
      videoId ? Math.max(0, Math.round(durationSec)) : 0,
    );
    if (!row) throw notFound('课时');
    this.forget(siteId, row.courseId);
  }

  /**
   * A new comment on a course: its kept page, which says whether it has any, is read again in every process.
   * A deleted comment needs nothing: a page that still says "some" only leads to a read that finds none.
   */
  commented(siteId: bigint, courseId: bigint): Promise<void> {
    this.views.delete(`${siteId}:${courseId}`);
    return this.p.cache.memo.invalidate(courseVersionKey(siteId, courseId));
  }

  /** Drops this process's cached page of a course after a change. */
  forget(siteId: bigint, courseId: bigint): void {
    this.views.delete(`${siteId}:${courseId}`);
    this.pages.clear();
    this.counts.clear();
    this.relatedRows.clear();
    this.p.cache.memo
      .invalidate(courseVersionKey(siteId, courseId))
      .catch((err: unknown) => this.p.log.warn({ err }, 'course change not announced'));
  }

  /** The lecturer as a course page shows them, read now rather than from the pages' memo (the studio's preview). */
  async lecturerCard(siteId: bigint, userId: bigint): Promise<TCourseLecturer> {
    const [lecturer, author] = await Promise.all([
      this.repo.lecturerOf(siteId, userId),
      this.users.brief(siteId, userId),
    ]);
    return presentLecturer(userId, lecturer, author);
  }

  /** Chapters with their lessons in the course page's shape: a published course's, or a draft's (the preview). */
  outline(chapters: ChapterFacts[], periods: PeriodFacts[]): TChapterWithPeriods[] {
    return presentChapters(chapters, periods);
  }

  /** The course domain's own services read the queries through here; other domains call the methods above. */
  get rows(): CourseRepo {
    return this.repo;
  }
}

type CategoryPath = { id: string; categoryName: string }[];
// the kept pages of the courses under one category share its path, for as long as the category rows are kept
const pathsOf = new WeakMap<CategoryRow[], Map<bigint, CategoryPath>>();

function categoryPath(rows: CategoryRow[], id: bigint): CategoryPath {
  let paths = pathsOf.get(rows);
  if (!paths) pathsOf.set(rows, (paths = new Map()));
  const kept = paths.get(id);
  if (kept) return kept;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: CategoryPath = [];
  for (let r = byId.get(id), depth = 0; r && depth < 5; r = byId.get(r.parentId), depth++)
    out.unshift({ id: String(r.id), categoryName: r.categoryName });
  paths.set(id, out);
  return out;
}
