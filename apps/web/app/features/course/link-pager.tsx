import { Link } from '../../components/link.tsx';

/** Page links (crawlable, work without scripts): « 1 … 4 5 6 … 20 ». */
export function LinkPager({
  current,
  totalPage,
  href,
}: {
  current: number;
  totalPage: number;
  href: (page: number) => string;
}) {
  if (totalPage <= 1) return null;
  const pages = new Set(
    [1, totalPage, current - 2, current - 1, current, current + 1, current + 2].filter((n) => n >= 1 && n <= totalPage),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - (sorted[i - 1] ?? n) > 1) items.push('gap');
    items.push(n);
  });
  return (
    <nav className="qk-link-pager" aria-label="分页">
      {current > 1 ? (
        <Link to={href(current - 1)} rel="prev">
          上一页
        </Link>
      ) : (
        <span className="is-disabled">上一页</span>
      )}
      {items.map((n, i) =>
        n === 'gap' ? (
          <span key={`gap${i}`} className="qk-link-pager__gap">
            …
          </span>
        ) : n === current ? (
          <span key={n} className="is-current" aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)}>
            {n}
          </Link>
        ),
      )}
      {current < totalPage ? (
        <Link to={href(current + 1)} rel="next">
          下一页
        </Link>
      ) : (
        <span className="is-disabled">下一页</span>
      )}
    </nav>
  );
}
