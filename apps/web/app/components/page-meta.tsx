import { useLocation } from 'react-router';
import { pcPathOf } from '#contract/device.ts';
import { useRootData } from '../lib/root-data.ts';

export interface PageMetaProps {
  title?: string;
  description?: string;
  /** the picture a shared link shows: a course cover, a logo; the site's logo by default */
  image?: string;
  /** Open Graph type: website by default, article for posts */
  type?: 'website' | 'article' | 'profile';
  /** pages that should not be listed (previews, forms that only make sense to a signed-in user) */
  noindex?: boolean;
  /** the page's own address when it is not this path (a post under its canonical path) */
  url?: string;
}

const absolute = (origin: string, url: string) => (url && url.startsWith('/') ? origin + url : url);

/**
 * Title, description, keywords, canonical URL and Open Graph tags of a page, from the page and site info
 * (spec §1). React hoists these into <head>, on the server as well, so search engines and link previews see them.
 * The canonical URL is the path without its query, so sorted and paged variants of a list count as one page, and
 * an H5 page's is its PC page's.
 */
export function PageMeta({ title, description, image, type = 'website', noindex, url: own }: PageMetaProps) {
  const root = useRootData();
  const { pathname } = useLocation();
  const info = root?.webInfo;
  const origin = root?.origin ?? '';
  const site = info?.siteNamePc || '青课';
  const fullTitle = title ? `${title} - ${site}` : site;
  const desc = description || info?.desc || '';
  // a phone page is the same content as its PC page: both name the PC address (decision 38's twins)
  const url = absolute(origin, own ?? pcPathOf(pathname));
  const picture = absolute(origin, image || info?.logo || '');
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <meta name="keywords" content={info?.keyword || ''} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {origin && !noindex ? <link rel="canonical" href={url} /> : null}
      <meta property="og:site_name" content={site} />
      <meta property="og:title" content={title || site} />
      <meta property="og:description" content={desc} />
      <meta property="og:type" content={type} />
      {origin ? <meta property="og:url" content={url} /> : null}
      {picture ? <meta property="og:image" content={picture} /> : null}
      <meta property="og:locale" content="zh_CN" />
    </>
  );
}
