/**
 * The kinds of accounts, courses and search results. Every page's first load reads them (the error page, a course
 * card, the header's search box), so they sit apart from the modules that build schemas: importing one of those
 * brings its calls and zod into the first load (decision 55).
 */

/** Spec §3: the kind of account, user_type of the user row. A new account is NORMAL (a student). */
export const UserType = { NORMAL: 1, LECTURER: 2, ORGANISATION: 3 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** courseType: 1 video (录播), 2 live (直播), 3 resource (资源), 4 library (文库). */
export const CourseType = { VIDEO: 1, LIVE: 2, RESOURCE: 3, LIBRARY: 4 } as const;

/**
 * One search over everything a visitor may see (decision 46). The types are the spec's (§5: the search type is
 * taken from the section): 1 courses (recorded), 2 live, 4 resources, 5 papers, 6 blog posts, 7 questions,
 * 8 information articles, and 9 libraries, which the spec has no number for.
 */
export const SearchType = {
  COURSE: 1,
  LIVE: 2,
  RESOURCE: 4,
  PAPER: 5,
  BLOG: 6,
  QUESTION: 7,
  INFO: 8,
  LIBRARY: 9,
} as const;
export const SEARCH_TYPES = [1, 2, 4, 5, 6, 7, 8, 9] as const;
export const SEARCH_TYPE_NAMES: Record<number, string> = {
  1: '课程',
  2: '直播',
  4: '资源',
  9: '文库',
  5: '考试',
  6: '博客',
  7: '问答',
  8: '资讯',
};
/** The page of each kind of result, by search type. */
export function searchHitPath(type: number, id: string): string {
  switch (type) {
    case SearchType.LIVE:
      return `/live/detail/${id}`;
    case SearchType.RESOURCE:
      return `/resource/detail/${id}`;
    case SearchType.LIBRARY:
      return `/library/view/${id}`;
    case SearchType.PAPER:
      return `/exam/view/${id}`;
    case SearchType.BLOG:
      return `/blog/article/${id}`;
    case SearchType.QUESTION:
      return `/question/view/${id}`;
    case SearchType.INFO:
      return `/info/detail/${id}`;
    default:
      return `/view/${id}`;
  }
}
