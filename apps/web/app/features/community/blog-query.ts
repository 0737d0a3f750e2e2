import { BLOG_TAB } from '#contract/community-blog.ts';

export const BLOG_PAGE_SIZE = 10;

/** The blog list's address: `?tab=&tag=&page=`, so every tab and page is a link (and cached as a page). */
export function readBlogQuery(url: string) {
  const p = new URL(url).searchParams;
  const tabN = Number(p.get('tab'));
  const tab = tabN === BLOG_TAB.hot || tabN === BLOG_TAB.following ? tabN : BLOG_TAB.latest;
  const n = Number(p.get('page'));
  return {
    tab: tab as 1 | 2 | 3,
    tag: (p.get('tag') ?? '').trim().slice(0, 12),
    page: Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1,
    pageSize: BLOG_PAGE_SIZE,
  };
}

export function blogHref({ tab, tag, page }: { tab: number; tag?: string; page?: number }): string {
  const p = new URLSearchParams();
  if (tab !== BLOG_TAB.latest) p.set('tab', String(tab));
  if (tag) p.set('tag', tag);
  if (page && page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `/blog?${s}` : '/blog';
}
