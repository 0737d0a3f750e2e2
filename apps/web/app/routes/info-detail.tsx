import { Link } from '../components/link.tsx';
import type { Route } from './+types/info-detail.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useSite } from '../lib/root-data.ts';
import { loadInfoArticle } from '../features/info/info-load.ts';

export function loader(args: Route.LoaderArgs) {
  return loadInfoArticle(args, args.params.id);
}

/** A footer-nav article (about us, help, terms …), with the other articles of its group beside it. */
export default function InfoDetail({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const { aboutList } = useSite();
  const group = aboutList.find((g) => g.id === article.navId);
  const plain = article.artDesc
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (
    <div className="qk-container qk-page qk-article-page">
      <PageMeta title={article.artTitle} description={plain.slice(0, 120) || undefined} />
      {group ? (
        <aside className="qk-article-nav">
          <h2>{group.navName}</h2>
          {group.articleList.map((a) => (
            <Link key={a.id} to={`/info/detail/${a.id}`} className={a.id === article.id ? 'is-active' : undefined}>
              {a.artTitle}
            </Link>
          ))}
        </aside>
      ) : null}
      <article className="qk-article">
        <nav className="qk-breadcrumb" aria-label="位置">
          <Link to="/">首页</Link>
          <span>/</span>
          {/* a group kept to the footer is no category of the centre */}
          {group && group.infoShow !== 1 ? (
            <span>{article.navName}</span>
          ) : (
            <>
              <Link to="/info">资讯</Link>
              <span>/</span>
              <Link to={`/info?navId=${article.navId}`}>{article.navName}</Link>
            </>
          )}
        </nav>
        <h1>{article.artTitle}</h1>
        <p className="qk-muted">更新时间：{article.gmtModified}</p>
        {article.artPic ? <img className="qk-article__pic" src={article.artPic} alt={article.artTitle} /> : null}
        {/* Article bodies are rich text written by administrators and sanitized by the server when saved. */}
        <div className="qk-article__body" dangerouslySetInnerHTML={{ __html: article.artDesc }} />
      </article>
    </div>
  );
}
