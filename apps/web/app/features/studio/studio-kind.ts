import { CourseType } from '#contract/course.ts';
import { isId } from '#contract/call.ts';

/**
 * The three kinds of course a lecturer authors in the studio share one set of pages (spec §2: /account/vod,
 * /account/resource, /account/library and their add and period pages); this is what differs between them.
 */
export interface StudioKind {
  courseType: 1 | 2 | 3 | 4;
  /** what one course of the kind is called */
  noun: string;
  /** the studio list's title */
  title: string;
  base: '/account/vod' | '/account/resource' | '/account/library' | '/account/live';
  /** what one lesson of the kind is called */
  periodNoun: string;
  /**
   * a video course's lessons are watched; a resource's and a library's lessons are documents to read; a live
   * course's lessons are sessions, scheduled on its own page (/account/live/add)
   */
  content: 'video' | 'doc' | 'live';
}

export const STUDIO_KINDS: readonly StudioKind[] = [
  {
    courseType: CourseType.VIDEO,
    noun: '录播课程',
    title: '点播课程管理',
    base: '/account/vod',
    periodNoun: '课时',
    content: 'video',
  },
  {
    courseType: CourseType.RESOURCE,
    noun: '资源',
    title: '资源管理',
    base: '/account/resource',
    periodNoun: '资料',
    content: 'doc',
  },
  {
    courseType: CourseType.LIBRARY,
    noun: '文库',
    title: '文库管理',
    base: '/account/library',
    periodNoun: '文档',
    content: 'doc',
  },
];

/** A live course: a draft like the others, whose information and sessions are edited on /account/live/add. */
export const LIVE_KIND: StudioKind = {
  courseType: CourseType.LIVE,
  noun: '直播课程',
  title: '直播管理',
  base: '/account/live',
  periodNoun: '直播课时',
  content: 'live',
};

export function studioKindOf(courseType: number): StudioKind {
  if (courseType === CourseType.LIVE) return LIVE_KIND;
  return STUDIO_KINDS.find((k) => k.courseType === courseType) ?? STUDIO_KINDS[0]!;
}

/** The kind a studio address belongs to: /account/resource/… and /account/library/…, else the video studio. */
export function studioKindOfPath(pathname: string): StudioKind {
  return (
    STUDIO_KINDS.find((k) => k.base !== '/account/vod' && (pathname === k.base || pathname.startsWith(`${k.base}/`))) ??
    STUDIO_KINDS[0]!
  );
}

/** The draft's pages, wherever the lecturer came from. A live course's sessions are on its edit page. */
export const studioPaths = {
  list: (courseType: number) => studioKindOf(courseType).base,
  edit: (courseType: number, id: string) => `${studioKindOf(courseType).base}/add?id=${id}`,
  outline: (courseType: number, id: string) =>
    courseType === CourseType.LIVE
      ? `/account/live/add?id=${id}#sessions`
      : `${studioKindOf(courseType).base}/period?courseId=${id}`,
  check: (id: string) => `/account/vod/check?courseId=${id}`,
  preview: (id: string) => `/preview/course/${id}`,
  learners: (id: string) => `/account/vod/progress/details?courseId=${id}`,
};

/** A snowflake id from the address, or '' (the page then says the course does not exist). */
export function idParam(request: Request, name: string): string {
  const v = new URL(request.url).searchParams.get(name) ?? '';
  return isId(v) ? v : '';
}
