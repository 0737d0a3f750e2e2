import type {
  TAccessoryBrief,
  TCategoryNode,
  TChapterWithPeriods,
  TCourseBrief,
  TCourseCategory,
  TCourseLecturer,
  TCourseView,
  TPeriodBrief,
} from '#contract/course.ts';
import type { TCourseComment, TUserCourseGrant } from '#contract/course-learn.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { AccessoryFacts, CategoryRow, ChapterFacts, CourseCardRow, PeriodFacts } from './course.repo.ts';
import type { UserCourseRow } from './entitlement.repo.ts';
import type { CommentRow } from './comment.repo.ts';
import type { CourseViewBase } from './course.service.ts';

export const presentCategory = (r: CategoryRow): TCourseCategory => ({
  id: String(r.id),
  parentId: String(r.parentId),
  categoryType: r.categoryType,
  categoryName: r.categoryName,
  floor: r.floor,
});

/** Builds the (at most three-level) tree from a flat, ordered list; orphans are dropped. */
export function categoryTree(rows: CategoryRow[]): TCategoryNode[] {
  const children = new Map<bigint, CategoryRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const kids = (id: bigint) => children.get(id) ?? [];
  return kids(0n).map((l1) => ({
    ...presentCategory(l1),
    childrenList: kids(l1.id).map((l2) => ({ ...presentCategory(l2), childrenList: kids(l2.id).map(presentCategory) })),
  }));
}

export const presentCourseBrief = (r: CourseCardRow): TCourseBrief => ({
  id: String(r.id),
  courseType: r.courseType,
  courseName: r.courseName,
  courseLogo: r.courseLogo,
  categoryId: String(r.categoryId),
  isFree: r.isFree,
  rulingPrice: r.rulingPrice,
  coursePrice: r.coursePrice,
  isVipFree: r.isVipFree,
  countBuy: r.countBuy,
  countStudy: r.countStudy,
  periodTotal: r.periodTotal,
  lecturerUserId: String(r.lecturerUserId),
  lecturerName: r.lecturerName ?? '',
  gmtCreate: formatTime(r.gmtCreate),
});

export const presentCourseAdmin = (r: CourseCardRow) => ({
  ...presentCourseBrief(r),
  isPutaway: r.isPutaway,
  statusId: r.statusId,
  sort: r.sort,
});

export const presentPeriod = (p: PeriodFacts, chapterId: string): TPeriodBrief => ({
  id: String(p.id),
  chapterId,
  periodName: p.periodName,
  periodDesc: p.periodDesc,
  isFree: p.isFree,
  videoDuration: p.videoDuration,
  hasVideo: p.videoId ? 1 : 0,
  hasDoc: p.docKey ? 1 : 0,
  docName: p.docName,
});

/**
 * Chapters in order, each with its lessons in order. A chapter's lessons share its id's string: a kept course page
 * holds one copy instead of one a lesson.
 */
export function presentChapters(chapters: ChapterFacts[], periods: PeriodFacts[]): TChapterWithPeriods[] {
  const byChapter = new Map<bigint, PeriodFacts[]>();
  for (const p of periods) {
    const list = byChapter.get(p.chapterId);
    if (list) list.push(p);
    else byChapter.set(p.chapterId, [p]);
  }
  return chapters.map((ch) => {
    const id = String(ch.id);
    return {
      id,
      chapterName: ch.chapterName,
      chapterDesc: ch.chapterDesc,
      isFree: ch.isFree,
      periodList: (byChapter.get(ch.id) ?? []).map((p) => presentPeriod(p, id)),
    };
  });
}

export const presentAccessory = (a: AccessoryFacts): TAccessoryBrief => ({
  id: String(a.id),
  accessoryName: a.accessoryName,
  fileSize: a.fileSize,
});

export const presentLecturer = (
  userId: bigint,
  l:
    | { id: bigint; lecturerName: string; headImgUrl: string; position: string; introduce: string; statusId: number }
    | undefined,
  u: UserBrief | undefined,
): TCourseLecturer => ({
  id: l && l.statusId === 1 ? String(l.id) : '',
  userId: String(userId),
  lecturerName: l?.lecturerName ?? u?.nickname ?? '',
  headImgUrl: l?.headImgUrl ?? u?.headImgUrl ?? '',
  position: l?.position ?? '',
  introduce: l?.introduce ?? '',
});

export const presentComment = (r: CommentRow, u: UserBrief | undefined, canDelete: boolean): TCourseComment => ({
  id: String(r.id),
  courseId: String(r.courseId),
  parentId: r.parentId ? String(r.parentId) : '',
  userId: String(r.userId),
  nickname: u?.nickname || (u ? `学员${u.mobile.slice(-4)}` : '已注销用户'),
  headImgUrl: u?.headImgUrl ?? '',
  commentText: r.commentText,
  gmtCreate: formatTime(r.gmtCreate),
  canDelete: canDelete ? 1 : 0,
});

export const presentGrant = (
  uc: UserCourseRow,
  courseName: string,
  u: UserBrief | undefined,
  now = Date.now(),
): TUserCourseGrant => ({
  id: String(uc.id),
  userId: String(uc.userId),
  mobile: u?.mobile ?? '',
  nickname: u?.nickname ?? '',
  courseId: String(uc.courseId),
  courseName,
  buyType: uc.buyType,
  expireTime: formatTime(uc.expireAt),
  isExpired: uc.expireAt && uc.expireAt.getTime() <= now ? 1 : 0,
  gmtCreate: formatTime(uc.gmtCreate),
});

/** What a reader is shown of a kept course page: the facts only the services use are left out. */
export function presentPublicView(v: CourseViewBase): Omit<TCourseView, 'isPay'> {
  const { isPutaway: _p, hasComments: _c, ...shown } = v;
  return shown;
}
