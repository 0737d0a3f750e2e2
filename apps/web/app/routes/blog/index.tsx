import { Button, Pagination } from 'antd';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import {
  BLOG_TAB,
  blogAttentionList,
  blogList,
  bloggerRecommendList,
  bloggerRecommendListPublic,
} from '#contract/community-blog.ts';
import type { Route } from './+types/index.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { tokenOf } from '../../lib/session.ts';
import { useRootData } from '../../lib/root-data.ts';
import { BlogList } from '../../features/community/blog-card.tsx';
import { BloggerCard } from '../../features/community/blogger-card.tsx';
import { blogHref, readBlogQuery } from '../../features/community/blog-query.ts';
import '../../features/community/blog.css';

const TABS = [
  { tab: BLOG_TAB.latest, label: '最新' },
  { tab: BLOG_TAB.hot, label: '热门' },
  { tab: BLOG_TAB.following, label: '关注' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  const q = readBlogQuery(request.url);
  const signedIn = Boolean(tokenOf(request));
  const asks = async () => {
    if (q.tab === BLOG_TAB.following) {
      if (!signedIn) return null;
      return callWith(transport, blogAttentionList, { pageCurrent: q.page, pageSize: q.pageSize });
    }
    return callWith(transport, blogList, { tab: q.tab, tagName: q.tag, pageCurrent: q.page, pageSize: q.pageSize });
  };
  const bloggers = signedIn
    ? callWith(transport, bloggerRecommendList).catch((err) => {
        if (err instanceof ApiError && err.needsLogin) return callWith(transport, bloggerRecommendListPublic);
        throw err;
      })
    : callWith(transport, bloggerRecommendListPublic);
  const page = await asks().catch((err) => {
    if (err instanceof ApiError && err.needsLogin) return null;
    throw err;
  });
  return { q, page, bloggers: await bloggers };
}

/** /blog — the community's posts: latest, hot and following, by label, with recommended bloggers beside. */
export default function BlogHome({ loaderData }: Route.ComponentProps) {
  const { q, page, bloggers } = loaderData;
  const me = useRootData()?.user?.id ?? null;
  const navigate = useNavigate();
  return (
    <div className="qk-container qk-page qk-blog">
      <PageMeta title="博客" description="青课社区博客：学员与讲师的学习笔记、技术文章和经验分享" />
      <div className="qk-blog__main">
        <div className="qk-blog__head">
          <nav className="qk-blog-tabs" aria-label="博客分类">
            {TABS.map((t) => (
              <Link
                key={t.tab}
                to={blogHref({ tab: t.tab, tag: q.tag })}
                className={t.tab === q.tab ? 'is-active' : undefined}
                aria-current={t.tab === q.tab ? 'page' : undefined}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          <Button type="primary" href="/blog/account/write">
            写博客
          </Button>
        </div>
        {q.tag ? (
          <p className="qk-blog__filter">
            标签：<strong>{q.tag}</strong> <Link to={blogHref({ tab: q.tab })}>清除</Link>
          </p>
        ) : null}
        {page === null ? (
          <p className="qk-blog-empty">
            <Link to={`/login?t=login&redirect=${encodeURIComponent('/blog?tab=2')}`}>登录</Link>
            后查看你关注的博主发布的博客
          </p>
        ) : (
          <>
            <BlogList
              list={page.list}
              empty={q.tab === BLOG_TAB.following ? '你关注的博主还没有发布博客，去看看推荐的博主吧' : '暂无博客'}
            />
            {page.totalPage > 1 ? (
              <Pagination
                className="qk-blog__pager"
                current={page.pageCurrent}
                pageSize={page.pageSize}
                total={page.totalCount}
                showSizeChanger={false}
                onChange={(n) => void navigate(blogHref({ tab: q.tab, tag: q.tag, page: n }))}
              />
            ) : null}
          </>
        )}
      </div>
      <aside className="qk-blog__side">
        <section className="qk-blog-box">
          <h2>推荐博主</h2>
          {bloggers.length === 0 ? (
            <p className="qk-muted">暂无推荐</p>
          ) : (
            <ul className="qk-blogger-list">
              {bloggers.map((b) => (
                <BloggerCard key={b.userId} b={b} me={me} />
              ))}
            </ul>
          )}
        </section>
        <section className="qk-blog-box">
          <h2>我的博客</h2>
          <p>
            <Link to="/blog/account">管理我的博客</Link> · <Link to="/blog/search">搜索博客</Link>
          </p>
        </section>
      </aside>
    </div>
  );
}
