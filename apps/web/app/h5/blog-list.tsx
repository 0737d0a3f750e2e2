import { Link } from '../components/link.tsx';
import type { TBlogItem } from '#contract/community-blog.ts';
import { BLOG_TAB, blogList } from '#contract/community-blog.ts';
import type { Route } from './+types/blog-list.ts';
import { callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { readBlogQuery } from '../features/community/blog-query.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5Href } from './h5-links.ts';
import './h5-blog.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = readBlogQuery(request.url);
  // following needs a signed-in reader: the phone page shows latest and hot
  const tab = q.tab === BLOG_TAB.hot ? BLOG_TAB.hot : BLOG_TAB.latest;
  const page = await callWith(context.get(serverContext).transport, blogList, {
    tab,
    tagName: q.tag,
    pageCurrent: q.page,
    pageSize: q.pageSize,
  });
  return { tab, page };
}

/** /h5/blog — the community's posts on a phone: latest or hot, a page at a time. */
export default function H5BlogList({ loaderData }: Route.ComponentProps) {
  const { tab, page } = loaderData;
  const href = (t: number, n = 1) => `/h5/blog?tab=${t}${n > 1 ? `&page=${n}` : ''}`;
  return (
    <>
      <PageMeta title="博客" description="青课社区博客：学习笔记、技术文章和经验分享" />
      <H5Header title="博客" />
      <nav className="h5-blog-tabs" aria-label="博客分类">
        {[
          [BLOG_TAB.latest, '最新'],
          [BLOG_TAB.hot, '热门'],
        ].map(([t, label]) => (
          <Link key={t} to={href(t as number)} className={t === tab ? 'is-active' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <H5BlogItems list={page.list} label={`博客，共 ${page.totalCount} 篇`} />
      {page.list.length === 0 ? <p className="h5-muted h5-blog-empty">暂无博客</p> : null}
      <nav className="h5-blog-pager" aria-label="翻页">
        {page.pageCurrent > 1 ? <Link to={href(tab, page.pageCurrent - 1)}>上一页</Link> : <span />}
        {page.pageCurrent < page.totalPage ? <Link to={href(tab, page.pageCurrent + 1)}>下一页</Link> : null}
      </nav>
      {/* a guest is sent to sign in by the writing page's loader, and comes back to it */}
      <Link to={h5Href('/blog/account/write')} className="h5-button h5-button--primary h5-blog-write-entry">
        写博客
      </Link>
      <H5Footer />
    </>
  );
}

/** Posts as a phone lists them: title, author and counts, with the cover on the right. */
export function H5BlogItems({ list, label }: { list: TBlogItem[]; label: string }) {
  return (
    <ul className="h5-blog-list" aria-label={label}>
      {list.map((b) => (
        <li key={b.id}>
          <Link to={`/h5/blog/article/${b.id}`} className="h5-blog-item">
            <span className="h5-blog-item__body">
              <strong>{b.title}</strong>
              <span className="h5-muted">
                {b.nickname} · 阅读 {b.viewCount} · 点赞 {b.likeCount}
              </span>
            </span>
            {b.artPic ? <img src={b.artPic} alt="" loading="lazy" /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
