import { Pagination } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../components/link.tsx';
import { SEARCH_TYPE_NAMES } from '#contract/search.ts';
import type { Route } from './+types/search.ts';
import { EmptyState, Page } from '../components/page.tsx';
import { SearchBox } from '../components/header/search-box.tsx';
import { hrefWith } from '../features/course/catalogue.ts';
import { SearchHit } from '../features/search/search-hit.tsx';
import { countOf, loadSearch, PRICED, TAB_ORDER } from '../features/search/search-load.ts';
import '../features/search/search.css';

const PAGE_SIZE = 20;

export function loader(args: Route.LoaderArgs) {
  return loadSearch(args, PAGE_SIZE);
}

const PRICES = [
  ['', '全部'],
  ['free', '免费'],
  ['paid', '付费'],
] as const;

/**
 * /search/:str?type=N — one search over everything: a tab per type with its count, the results of the chosen
 * tab ranked by relevance and then popularity with the matched words marked, and filters by category and price.
 */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, categories, result, refusal } = loaderData;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const url = new URL(pathname + search, 'http://pc');
  const tabHref = (type: number) => `/search/${encodeURIComponent(query.keyword)}?type=${type}`;
  const chips = (name: string, label: string, options: readonly (readonly [string, string])[], current: string) => (
    <div className="qk-search-filter" role="group" aria-label={label}>
      <span className="qk-search-filter__label">{label}：</span>
      {options.map(([value, text]) => (
        <Link key={value || 'all'} to={hrefWith(url, name, value || null)} className={value === current ? 'is-on' : ''}>
          {text}
        </Link>
      ))}
    </div>
  );
  return (
    <Page title={query.keyword ? `搜索：${query.keyword}` : '搜索'} heading={false}>
      <div className="qk-search-page__box">
        <SearchBox key={query.keyword} variant="box" initial={query.keyword} type={query.type} />
      </div>
      {!query.keyword ? (
        <EmptyState text="请输入搜索内容" />
      ) : refusal ? (
        <EmptyState text={refusal} />
      ) : (
        <>
          <h1 className="qk-visually-hidden">搜索“{query.keyword}”</h1>
          <nav className="qk-search-tabs" aria-label="搜索类型">
            {TAB_ORDER.map((t) => (
              <Link
                key={t}
                to={tabHref(t)}
                className={t === query.type ? 'is-on' : ''}
                aria-current={t === query.type ? 'page' : undefined}
              >
                {SEARCH_TYPE_NAMES[t]}
                <span className="qk-search-tabs__n">{countOf(result, t)}</span>
              </Link>
            ))}
          </nav>
          {categories.length
            ? chips(
                'categoryId',
                '分类',
                [['', '全部'], ...categories.map((c) => [c.id, c.name] as const)],
                query.categoryId,
              )
            : null}
          {PRICED.has(query.type) ? chips('price', '价格', PRICES, query.price) : null}
          {result && result.list.length ? (
            <>
              <p className="qk-muted">
                找到 {result.totalCount} 个{SEARCH_TYPE_NAMES[query.type]}结果
              </p>
              <ul className="qk-hits" aria-label="搜索结果">
                {result.list.map((hit) => (
                  <SearchHit key={`${hit.type}:${hit.id}`} hit={hit} />
                ))}
              </ul>
              {result.totalPage > 1 ? (
                <Pagination
                  className="qk-pager"
                  current={result.pageCurrent}
                  pageSize={result.pageSize}
                  total={result.totalCount}
                  showSizeChanger={false}
                  onChange={(n) => void navigate(hrefWith(url, 'page', String(n)))}
                />
              ) : null}
            </>
          ) : (
            <EmptyState text={`没有找到与“${query.keyword}”相关的${SEARCH_TYPE_NAMES[query.type]}，换个关键词试试`} />
          )}
        </>
      )}
    </Page>
  );
}
