import { z } from './zod-config.ts';
import { defineCall, Id, oneOf, PageQuery, pageOf } from './call.ts';
import { CourseType } from './kinds.ts';

export { CourseType };

/**
 * The public course catalogue (spec §7 Course, `/course/api/…`): categories, lists, search, the course page and
 * the home-page zones. Money is integer fen; `isFree` 1 free, 0 paid.
 */

/** categoryType: one category tree per kind of course. */
export const CategoryType = { VIDEO: 1, RESOURCE: 2, LIBRARY: 3 } as const;
export const categoryTypeOfCourse = (courseType: number): number =>
  courseType === CourseType.RESOURCE
    ? CategoryType.RESOURCE
    : courseType === CourseType.LIBRARY
      ? CategoryType.LIBRARY
      : CategoryType.VIDEO;

const courseTypeField = oneOf([1, 2, 3, 4] as const, '课程类型不正确');
const categoryTypeField = oneOf([1, 2, 3] as const, '分类类型不正确');
const flag = oneOf([0, 1] as const, '取值只能是 0 或 1');

export const CourseCategory = z.object({
  id: z.string(),
  parentId: z.string(),
  categoryType: z.number().int(),
  categoryName: z.string(),
  floor: z.number().int(),
});
export type TCourseCategory = z.output<typeof CourseCategory>;
/** The tree is at most three levels deep (spec: 3-level categories). */
export const CategoryLevel3 = CourseCategory;
export const CategoryLevel2 = CourseCategory.extend({ childrenList: z.array(CategoryLevel3) });
export const CategoryLevel1 = CourseCategory.extend({ childrenList: z.array(CategoryLevel2) });
export type TCategoryNode = z.output<typeof CategoryLevel1>;

/** A course on a list card: what the list, search, zones, recommendations and "my" lists show. */
export const CourseBrief = z.object({
  id: z.string(),
  courseType: z.number().int(),
  courseName: z.string(),
  courseLogo: z.string(),
  categoryId: z.string(),
  isFree: z.number().int(),
  /** strike-through price (划线价), fen */
  rulingPrice: z.number().int(),
  /** the price charged, fen */
  coursePrice: z.number().int(),
  isVipFree: z.number().int(),
  countBuy: z.number().int(),
  countStudy: z.number().int(),
  periodTotal: z.number().int(),
  lecturerUserId: z.string(),
  lecturerName: z.string(),
  gmtCreate: z.string(),
});
export type TCourseBrief = z.output<typeof CourseBrief>;

export const CourseLecturer = z.object({
  /** the lecturer profile id (for /lecturer/:id), '' when the lecturer has no public page */
  id: z.string(),
  userId: z.string(),
  lecturerName: z.string(),
  headImgUrl: z.string(),
  position: z.string(),
  introduce: z.string(),
});
export type TCourseLecturer = z.output<typeof CourseLecturer>;

/** A lesson as the course page lists it: never a video or document key. */
export const PeriodBrief = z.object({
  id: z.string(),
  chapterId: z.string(),
  periodName: z.string(),
  periodDesc: z.string(),
  isFree: z.number().int(),
  /** seconds; 0 until the video is transcoded */
  videoDuration: z.number().int(),
  hasVideo: z.number().int(),
  hasDoc: z.number().int(),
  docName: z.string(),
});
export type TPeriodBrief = z.output<typeof PeriodBrief>;

export const ChapterWithPeriods = z.object({
  id: z.string(),
  chapterName: z.string(),
  chapterDesc: z.string(),
  isFree: z.number().int(),
  periodList: z.array(PeriodBrief),
});
export type TChapterWithPeriods = z.output<typeof ChapterWithPeriods>;

/** A downloadable file: name and size only; downloading goes through /course/auth/course/accessory/download. */
export const AccessoryBrief = z.object({ id: z.string(), accessoryName: z.string(), fileSize: z.number().int() });
export type TAccessoryBrief = z.output<typeof AccessoryBrief>;

/**
 * The course page. `isPay` (spec §4) is 1 when the signed-in user may study the whole course (free course, an
 * unexpired entitlement, or VIP on a VIP-free course); the public call always answers 0 and the page asks
 * /course/auth/course/view for the signed-in user's values.
 */
export const CourseView = CourseBrief.extend({
  introduce: z.string(),
  speedDouble: z.number().int(),
  speedDrag: z.number().int(),
  categoryPath: z.array(z.object({ id: z.string(), categoryName: z.string() })),
  lecturer: CourseLecturer,
  chapterList: z.array(ChapterWithPeriods),
  accessoryList: z.array(AccessoryBrief),
  isPay: z.number().int(),
});
export type TCourseView = z.output<typeof CourseView>;

export const CourseIdBody = z.object({ courseId: Id });

/** newest: latest first; popular: most bought; priceAsc/priceDesc by the charged price; default: the site's order. */
export const CourseOrderBy = z.enum(['default', 'newest', 'popular', 'priceAsc', 'priceDesc'], {
  error: '排序方式不正确',
});

export const CourseListQuery = PageQuery.extend({
  /** includes every descendant category */
  categoryId: Id.optional(),
  courseType: courseTypeField.default(1),
  isFree: flag.optional(),
  orderBy: CourseOrderBy.default('default'),
  keyword: z.string().trim().max(50, { error: '搜索内容不能超过 50 个字' }).default(''),
  lecturerUserId: Id.optional(),
});
export type TCourseListQuery = z.output<typeof CourseListQuery>;

export const categoryListForSite = defineCall({
  method: 'POST',
  path: '/course/api/course/category/listForSite',
  access: 'api',
  summary: '分类树（至多三级），列表页左侧筛选用',
  body: z.object({ categoryType: categoryTypeField.default(1) }).default({ categoryType: 1 }),
  data: z.array(CategoryLevel1),
});
export const categoryList = defineCall({
  method: 'POST',
  path: '/course/api/course/category/list',
  access: 'api',
  summary: '某一分类的下一级分类（不传 parentId 为一级分类）',
  body: z.object({ categoryType: categoryTypeField.default(1), parentId: Id.optional() }).default({ categoryType: 1 }),
  data: z.array(CourseCategory),
});

export const courseList = defineCall({
  method: 'POST',
  path: '/course/api/course/list',
  access: 'api',
  summary: '课程列表：分类（含子分类）、类型、免费/收费、关键词筛选，按最新、最热、价格排序，分页',
  body: CourseListQuery,
  data: pageOf(CourseBrief),
});
export const courseSearchList = defineCall({
  method: 'POST',
  path: '/course/api/course/search/list',
  access: 'api',
  summary: '按课程名或讲师名搜索课程（不传 courseType 时搜索全部类型）',
  body: PageQuery.extend({
    keyword: z
      .string({ error: '请输入搜索关键词' })
      .trim()
      .min(1, { error: '请输入搜索关键词' })
      .max(50, { error: '搜索内容不能超过 50 个字' }),
    courseType: courseTypeField.optional(),
  }),
  data: pageOf(CourseBrief),
});
export const courseView = defineCall({
  method: 'POST',
  path: '/course/api/course/view',
  access: 'api',
  summary: '课程详情（公开）：价格、讲师、章节课时、附件；isPay 恒为 0',
  body: CourseIdBody,
  data: CourseView,
});
export const chapterList = defineCall({
  method: 'POST',
  path: '/course/api/course/chapter/list',
  access: 'api',
  summary: '课程的章节与课时（免费标记、时长、是否有视频/文档）',
  body: CourseIdBody,
  data: z.array(ChapterWithPeriods),
});
export const courseRecommend = defineCall({
  method: 'POST',
  path: '/course/api/course/recommend',
  access: 'api',
  summary: '相关/推荐课程：传 courseId 时为同分类的其他课程，不足时以推荐课程补齐',
  body: z
    .object({
      courseId: Id.optional(),
      courseType: courseTypeField.default(1),
      limit: z.coerce.number().int().min(1).max(20).default(6),
    })
    .default({ courseType: 1, limit: 6 }),
  data: z.array(CourseBrief),
});
/** The spec's ref/list: the courses of one lecturer (the lecturer page and the course page's "more by"). */
export const courseRefList = defineCall({
  method: 'POST',
  path: '/course/api/course/ref/list',
  access: 'api',
  summary: '某讲师的课程（讲师主页）',
  body: PageQuery.extend({ lecturerUserId: Id, courseType: courseTypeField.optional() }),
  data: pageOf(CourseBrief),
});

export const ZoneWithCourses = z.object({
  id: z.string(),
  zoneName: z.string(),
  zoneDesc: z.string(),
  zoneLocation: z.number().int(),
  courseList: z.array(CourseBrief),
});
export type TZoneWithCourses = z.output<typeof ZoneWithCourses>;
/** The home page's zones with their courses in one call (replaces /system/api/zone/list on the home page). */
export const zoneCourseList = defineCall({
  method: 'POST',
  path: '/course/api/zone/course/list',
  access: 'api',
  summary: '首页专区及其课程（zoneLocation 1 PC）',
  body: z
    .object({
      zoneLocation: z.coerce.number().int().default(1),
      limit: z.coerce.number().int().min(1).max(20).default(8),
    })
    .default({ zoneLocation: 1, limit: 8 }),
  data: z.array(ZoneWithCourses),
});
