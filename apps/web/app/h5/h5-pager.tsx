import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';

/** Previous / next page links of a paged list (`?page=`), keeping the rest of the query; nothing for one page. */
export function H5Pager({ page }: { page: { pageCurrent: number; totalPage: number } }) {
  const { pathname, search } = useLocation();
  if (page.totalPage <= 1) return null;
  const to = (n: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(n));
    return `${pathname}?${q.toString()}`;
  };
  return (
    <nav className="h5-pager" aria-label="翻页">
      {page.pageCurrent > 1 ? <Link to={to(page.pageCurrent - 1)}>上一页</Link> : <span />}
      <span className="h5-muted">
        {page.pageCurrent} / {page.totalPage}
      </span>
      {page.pageCurrent < page.totalPage ? <Link to={to(page.pageCurrent + 1)}>下一页</Link> : <span />}
    </nav>
  );
}
