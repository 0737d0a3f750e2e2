import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';

/**
 * Previous / next page links of a paged list (`?page=`, or `param` for a second list on the page, which then keeps
 * the reader where they are), keeping the rest of the query; nothing for one page.
 */
export function H5Pager({
  page,
  param = 'page',
  label = '翻页',
}: {
  page: { pageCurrent: number; totalPage: number };
  param?: string;
  label?: string;
}) {
  const { pathname, search } = useLocation();
  if (page.totalPage <= 1) return null;
  const keepPlace = param !== 'page';
  const to = (n: number) => {
    const q = new URLSearchParams(search);
    q.set(param, String(n));
    return `${pathname}?${q.toString()}`;
  };
  return (
    <nav className="h5-pager" aria-label={label}>
      {page.pageCurrent > 1 ? (
        <Link to={to(page.pageCurrent - 1)} preventScrollReset={keepPlace}>
          上一页
        </Link>
      ) : (
        <span />
      )}
      <span className="h5-muted">
        {page.pageCurrent} / {page.totalPage}
      </span>
      {page.pageCurrent < page.totalPage ? (
        <Link to={to(page.pageCurrent + 1)} preventScrollReset={keepPlace}>
          下一页
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
