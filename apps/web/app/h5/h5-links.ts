import { h5PathOf } from '#contract/device.ts';

/** The 电脑版 / 手机版 switch's link (h5/switch.ts) from a page of either version, back to the same page. */
export function switchHref(to: 'pc' | 'h5', here: string): string {
  return `/h5/switch?to=${to}&next=${encodeURIComponent(here)}`;
}

/** The H5 course page, and the H5 login page that comes back to `here` afterwards. */
export const h5CoursePath = (id: string) => `/h5/view/${id}`;
export const h5LoginPath = (here: string) => `/h5/login?redirect=${encodeURIComponent(here)}`;

/** A link the school set up for the PC site (a banner's), sent to its H5 page when H5 has one. */
export function h5Href(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const q = url.search(/[?#]/);
  const path = q < 0 ? url : url.slice(0, q);
  const h5 = h5PathOf(path);
  return h5 ? h5 + (q < 0 ? '' : url.slice(q)) : url;
}
