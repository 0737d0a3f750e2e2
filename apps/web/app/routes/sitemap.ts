import { courseList } from '#contract/course.ts';
import { blogList } from '#contract/community-blog.ts';
import { paperInfoList } from '#contract/exam-centre.ts';
import { terraceList } from '#contract/marketing.ts';
import { schoolList } from '#contract/organisation.ts';
import type { Route } from './+types/sitemap.ts';
import { callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { kindOf } from '../features/course/course-format.ts';

/** The newest pages of each kind that search engines are told about; a page holds at most 100 (house contract). */
const PER_CALL = 100;
const BLOG_PAGES = 5;
const COURSE_TYPES = [1, 3, 4] as const;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (t: string) => t.slice(0, 10);

/** /sitemap.xml — the public pages: courses, papers and blog posts, with when each last changed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  const origin = new URL(request.url).origin;
  const entries: { path: string; lastmod?: string }[] = [
    { path: '/' },
    { path: '/list' },
    { path: '/exam' },
    { path: '/blog' },
    { path: '/info' },
    { path: '/resource' },
    { path: '/library' },
    { path: '/grade' },
    { path: '/question' },
    { path: '/teachingStaff' },
    { path: '/vip' },
    { path: '/recruit' },
    { path: '/onlineRegistration' },
  ];
  const [terraces, schools, courses, papers, ...blogs] = await Promise.all([
    callWith(transport, terraceList),
    callWith(transport, schoolList),
    Promise.all(
      COURSE_TYPES.map((courseType) =>
        callWith(transport, courseList, { courseType, pageCurrent: 1, pageSize: PER_CALL }),
      ),
    ),
    callWith(transport, paperInfoList, { pageCurrent: 1, pageSize: PER_CALL }),
    ...Array.from({ length: BLOG_PAGES }, (_, i) =>
      callWith(transport, blogList, { tab: 1, pageCurrent: i + 1, pageSize: PER_CALL }),
    ),
  ]);
  for (const c of courses.flatMap((p) => p.list)) entries.push({ path: kindOf(c.courseType).detailPath(c.id) });
  for (const p of papers.list) entries.push({ path: `/exam/view/${p.id}` });
  for (const t of terraces) entries.push({ path: `/terrace/${t.id}` });
  for (const s of schools) entries.push({ path: `/schoolProfile/${s.id}` });
  for (const b of blogs.flatMap((p) => p.list)) entries.push({ path: b.url, lastmod: day(b.gmtModified) });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map((e) => `<url><loc>${esc(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
  .join('\n')}
</urlset>
`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
