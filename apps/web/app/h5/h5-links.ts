import { h5PathOf } from '#contract/device.ts';
import { coursePath, periodPath } from '../features/course/course-format.ts';

/** The 电脑版 / 手机版 switch's link (h5/switch.ts) from a page of either version, back to the same page. */
export function switchHref(to: 'pc' | 'h5', here: string): string {
  return `/h5/switch?to=${to}&next=${encodeURIComponent(here)}`;
}

/** The H5 course page, and the H5 login page that comes back to `here` afterwards. */
export const h5CoursePath = (id: string) => `/h5/view/${id}`;
/** The H5 page of any course: a video course's, a resource's or a library's (as the PC `coursePath`). */
export const h5DetailPath = (course: { id: string; courseType: number }) => `/h5${coursePath(course)}`;
export const h5LoginPath = (here: string) => `/h5/login?redirect=${encodeURIComponent(here)}`;

/** A link the school set up for the PC site (a banner's), sent to its H5 page when H5 has one. */
export function h5Href(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const q = url.search(/[?#]/);
  const path = q < 0 ? url : url.slice(0, q);
  const h5 = h5PathOf(path);
  return h5 ? h5 + (q < 0 ? '' : url.slice(q)) : url;
}

/** The H5 lesson page, optionally at a second of it (as the PC `periodPath`). */
export const h5PeriodPath = (courseId: string, periodId: string, at?: number) =>
  `/h5${periodPath(courseId, periodId, at)}`;

/** The H5 explanation of an attempt, all of it or only the problems answered wrong. */
export const explainPath = (recordId: string, onlyWrong = false) =>
  `/h5/exam/explain?recordId=${recordId}${onlyWrong ? '&only=wrong' : ''}`;
