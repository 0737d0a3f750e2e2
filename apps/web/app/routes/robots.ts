import type { Route } from './+types/robots.ts';

/** Paths that are a person's own pages, the back office or calls: never worth a crawler's visit. */
const PRIVATE = ['/account', '/admin', '/apis', '/pay/', '/order/', '/preview/', '/exam/exam', '/h5/account', '/h5/my'];

/** /robots.txt — everything public may be crawled except the private areas; the sitemap is named. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ['User-agent: *', ...PRIVATE.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return new Response(body.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
