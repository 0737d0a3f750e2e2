import { Pagination } from 'antd';
import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import type { TInfoArticleBrief } from '#contract/website-info.ts';
import type { Route } from './+types/info.ts';
import { EmptyState } from '../components/page.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { hrefWith } from '../features/course/catalogue.ts';
import { loadInfoList } from '../features/info/info-load.ts';
import '../features/info/info.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadInfoList(args, PAGE_SIZE);
}

function ArticleItem({ a }: { a: TInfoArticleBrief }) {
  const to = `/info/detail/${a.id}`;
  return (
    <li className="qk-info-item">
      {a.artPic ? (
        <Link to={to} className="qk-info-item__pic" tabIndex={-1} aria-hidden>
          <img src={a.artPic} alt="" loading="lazy" />
        </Link>
      ) : null}
      <div className="qk-info-item__body">
        <h3 className="qk-info-item__title">
          <Link to={to}>{a.artTitle}</Link>
        </h3>
        {a.summary ? <p className="qk-info-item__summary">{a.summary}</p> : null}
        <div className="qk-info-item__meta">
          <span className="qk-info-item__tag">{a.navName}</span>
          <time dateTime={a.gmtModified.replace(' ', 'T')}>{a.gmtModified.slice(0, 10)}</time>
        </div>
      </div>
    </li>
  );
}

/** /info — the information centre: the site's articles by category, the latest edited first. */
export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { categories, page, navId } = loaderData;
  const location = useLocation();
  const url = new URL(`${location.pathname}${location.search}`, 'http://x');
  const current = categories.find((c) => c.id === navId);
  const total = categories.reduce((sum, c) => sum + c.articleCount, 0);
  // a category that exists but has no article yet is not among the categories, so its name is not known here
  const heading = current?.navName ?? (navId ? '资讯' : '全部资讯');
  const pageHref = (n: number) => hrefWith(url, 'page', n > 1 ? String(n) : null);
  const inRange = (n: number) => n >= 1 && n <= page.totalPage && n !== page.pageCurrent;

  return (
    <div className="qk-container qk-page qk-article-page qk-info">
      <PageMeta
        title={current ? `${current.navName} - 资讯` : '资讯'}
        description={`${current ? current.navName : '平台资讯、公告与学习指南'}，共 ${page.totalCount} 篇文章。`}
      />
      <aside className="qk-article-nav qk-info__side" aria-label="资讯分类">
        <h1>资讯</h1>
        <Link to={hrefWith(url, 'navId', null)} className={navId ? undefined : 'is-active'}>
          <span>全部</span>
          <span className="qk-info__count">{total}</span>
        </Link>
        {categories.map((c) => (
          <Link key={c.id} to={hrefWith(url, 'navId', c.id)} className={c.id === navId ? 'is-active' : undefined}>
            <span>{c.navName}</span>
            <span className="qk-info__count">{c.articleCount}</span>
          </Link>
        ))}
      </aside>
      <section className="qk-info__main">
        <div className="qk-info__head">
          <h2>{heading}</h2>
          <span className="qk-muted">共 {page.totalCount} 篇</span>
        </div>
        {page.list.length === 0 ? (
          <EmptyState
            text={
              page.totalCount > 0 ? '这一页没有文章了' : navId ? '这个分类下还没有文章' : '还没有发布的资讯，敬请期待'
            }
          >
            {page.totalCount > 0 || navId ? (
              <Link to={page.totalCount > 0 ? pageHref(1) : '/info'}>
                {page.totalCount > 0 ? '回到第一页' : '查看全部资讯'}
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <ul className="qk-info__list">
            {page.list.map((a) => (
              <ArticleItem key={a.id} a={a} />
            ))}
          </ul>
        )}
        {page.totalPage > 1 ? (
          <Pagination
            className="qk-pager"
            current={page.pageCurrent}
            pageSize={PAGE_SIZE}
            total={page.totalCount}
            showSizeChanger={false}
            // every page is a real link, so search engines and the back button see each one
            itemRender={(n, type, element) =>
              inRange(n) ? (
                <Link to={pageHref(n)} aria-label={type === 'page' ? `第 ${n} 页` : undefined}>
                  {type === 'page' ? n : type === 'prev' ? '‹' : type === 'next' ? '›' : '•••'}
                </Link>
              ) : (
                element
              )
            }
          />
        ) : null}
      </section>
    </div>
  );
}
