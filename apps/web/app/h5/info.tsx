import { Link } from '../components/link.tsx';
import type { Route } from './+types/info.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadInfoList } from '../features/info/info-load.ts';
import { H5Chip } from './h5-chip.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import './h5-pages.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadInfoList(args, PAGE_SIZE);
}

/** /h5/info — the information centre on a phone: categories as chips, the latest edited articles first. */
export default function H5Info({ loaderData }: Route.ComponentProps) {
  const { categories, page, navId } = loaderData;
  const current = categories.find((c) => c.id === navId);
  return (
    <>
      <PageMeta
        title={current ? `${current.navName} - 资讯` : '资讯'}
        description={`${current ? current.navName : '平台资讯、公告与学习指南'}，共 ${page.totalCount} 篇文章。`}
      />
      <H5Header title="资讯" />
      <h1 className="h5-visually-hidden">{current?.navName ?? '全部资讯'}</h1>
      <nav className="h5-filter" aria-label="资讯分类">
        <div className="h5-chips">
          <H5Chip to="/h5/info" replace on={!navId}>
            全部
          </H5Chip>
          {categories.map((c) => (
            <H5Chip key={c.id} to={`/h5/info?navId=${c.id}`} replace on={c.id === navId}>
              {c.navName} {c.articleCount}
            </H5Chip>
          ))}
        </div>
      </nav>
      {page.list.length ? (
        <ul className="h5-pages__list h5-articles" aria-label={`资讯，共 ${page.totalCount} 篇`}>
          {page.list.map((a) => (
            <li key={a.id}>
              <Link to={`/h5/info/detail/${a.id}`} className="h5-article-row">
                <span className="h5-article-row__text">
                  <strong>{a.artTitle}</strong>
                  {a.summary ? <span className="h5-article-row__summary">{a.summary}</span> : null}
                  <span className="h5-muted">
                    {a.navName} · {a.gmtModified.slice(0, 10)}
                  </span>
                </span>
                {a.artPic ? <img src={a.artPic} alt="" loading="lazy" width={112} height={63} /> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="h5-empty">{navId ? '这个分类下还没有文章' : '还没有发布的资讯，敬请期待'}</p>
      )}
      <H5Pager page={page} />
      <H5Footer />
    </>
  );
}
