import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { SEARCH_TYPE_NAMES } from '#contract/search.ts';
import type { Route } from './+types/search.ts';
import { SearchBox } from '../components/header/search-box.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { hrefWith } from '../features/course/catalogue.ts';
import { SearchHit } from '../features/search/search-hit.tsx';
import { countOf, loadSearch, PRICED, TAB_ORDER } from '../features/search/search-load.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import '../features/search/search.css';
import './h5-search.css';

const H5_PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadSearch(args, H5_PAGE_SIZE);
}

/** /h5/search/:str?type=N — the one search on a phone: the box, a chip per type with its count, the results. */
export default function H5Search({ loaderData }: Route.ComponentProps) {
  const { query, categories, result, refusal } = loaderData;
  const { pathname, search } = useLocation();
  const url = new URL(pathname + search, 'http://h5');
  const chip = (key: string, to: string, text: string, on: boolean) => (
    <Link key={key} to={to} replace className={on ? 'h5-chip is-on' : 'h5-chip'} aria-current={on ? 'true' : undefined}>
      {text}
    </Link>
  );
  return (
    <>
      <PageMeta title={query.keyword ? `搜索：${query.keyword}` : '搜索'} />
      <H5Header title="搜索" />
      <div className="h5-search__box">
        <SearchBox key={query.keyword} variant="box" initial={query.keyword} type={query.type} h5 />
      </div>
      {!query.keyword ? (
        <p className="h5-empty">请输入搜索内容</p>
      ) : refusal ? (
        <p className="h5-empty">{refusal}</p>
      ) : (
        <>
          <h1 className="h5-visually-hidden">搜索“{query.keyword}”</h1>
          <nav className="h5-filter" aria-label="搜索类型">
            <div className="h5-chips">
              {TAB_ORDER.map((t) =>
                chip(
                  String(t),
                  `/h5/search/${encodeURIComponent(query.keyword)}?type=${t}`,
                  `${SEARCH_TYPE_NAMES[t]} ${countOf(result, t)}`,
                  t === query.type,
                ),
              )}
            </div>
            {categories.length ? (
              <div className="h5-chips h5-chips--sub" role="group" aria-label="分类">
                {chip('all', hrefWith(url, 'categoryId', null), '全部分类', !query.categoryId)}
                {categories.map((c) =>
                  chip(c.id, hrefWith(url, 'categoryId', c.id), c.name, c.id === query.categoryId),
                )}
              </div>
            ) : null}
            {PRICED.has(query.type) ? (
              <div className="h5-chips h5-chips--sub" role="group" aria-label="价格">
                {chip('p-all', hrefWith(url, 'price', null), '全部价格', !query.price)}
                {chip('p-free', hrefWith(url, 'price', 'free'), '免费', query.price === 'free')}
                {chip('p-paid', hrefWith(url, 'price', 'paid'), '付费', query.price === 'paid')}
              </div>
            ) : null}
          </nav>
          {result && result.list.length ? (
            <>
              <ul className="qk-hits h5-search__hits" aria-label="搜索结果">
                {result.list.map((hit) => (
                  <SearchHit key={`${hit.type}:${hit.id}`} hit={hit} h5 />
                ))}
              </ul>
              {result.totalPage > 1 ? (
                <nav className="h5-search__pager" aria-label="翻页">
                  {result.pageCurrent > 1 ? (
                    <Link className="h5-chip" to={hrefWith(url, 'page', String(result.pageCurrent - 1))}>
                      上一页
                    </Link>
                  ) : null}
                  <span className="h5-muted">
                    {result.pageCurrent} / {result.totalPage}
                  </span>
                  {result.pageCurrent < result.totalPage ? (
                    <Link className="h5-chip" to={hrefWith(url, 'page', String(result.pageCurrent + 1))}>
                      下一页
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </>
          ) : (
            <p className="h5-empty">没有找到相关{SEARCH_TYPE_NAMES[query.type]}，换个关键词试试</p>
          )}
        </>
      )}
      <H5Footer />
    </>
  );
}
