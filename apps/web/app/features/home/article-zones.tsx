import { Link } from '../../components/link.tsx';
import type { TBlogItem } from '#contract/community-blog.ts';

export interface ArticleZoneBlock {
  id: string;
  zoneName: string;
  articles: TBlogItem[];
}

function ArticleList({ items }: { items: TBlogItem[] }) {
  return (
    <ul className="qk-article-zone__list">
      {items.map((a) => (
        <li key={a.id}>
          <Link to={a.url}>{a.title}</Link>
          <span className="qk-muted">
            {a.nickname ? `${a.nickname} · ` : ''}阅读 {a.viewCount}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's article zones: the posts the administrator recommends, and the newest articles of the
 * information centre's first categories. Each box shows only when the site has something in it.
 */
export function ArticleZones({ recommended, zones }: { recommended: TBlogItem[]; zones: ArticleZoneBlock[] }) {
  const shown = zones.filter((z) => z.articles.length > 0);
  if (recommended.length === 0 && shown.length === 0) return null;
  return (
    <section className="qk-zone qk-article-zones" aria-labelledby="article-zones">
      <header className="qk-zone__head">
        <h2 id="article-zones">文章专区</h2>
        <Link to="/blog" className="qk-zone__more">
          进入博客 ›
        </Link>
      </header>
      <div className="qk-article-zones__grid">
        {recommended.length > 0 ? (
          <section className="qk-article-zone" aria-labelledby="article-zone-recommended">
            <h3 id="article-zone-recommended">推荐文章</h3>
            <ArticleList items={recommended} />
          </section>
        ) : null}
        {shown.map((z) => (
          <section key={z.id} className="qk-article-zone" aria-labelledby={`article-zone-${z.id}`}>
            <h3 id={`article-zone-${z.id}`}>
              <Link to={`/info?navId=${z.id}`}>{z.zoneName}</Link>
            </h3>
            <ArticleList items={z.articles} />
          </section>
        ))}
      </div>
    </section>
  );
}
