import { Link } from '../components/link.tsx';
import type { Route } from './+types/info-detail.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { plainText } from '../features/course/rich-text.tsx';
import { loadInfoArticle } from '../features/info/info-load.ts';
import { useSite } from '../lib/root-data.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadInfoArticle(args, args.params.id);
}

/** /h5/info/detail/:id — an article on a phone, with the other articles of its group below it. */
export default function H5InfoDetail({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const group = useSite().aboutList.find((g) => g.id === article.navId);
  const others = group?.articleList.filter((a) => a.id !== article.id) ?? [];
  return (
    <>
      <PageMeta
        title={article.artTitle}
        description={plainText(article.artDesc).slice(0, 120) || undefined}
        type="article"
      />
      <H5Header title={article.navName || '资讯'} />
      <article className="h5-section">
        <h1 className="h5-pages__title">{article.artTitle}</h1>
        <p className="h5-muted">更新时间：{article.gmtModified}</p>
        {article.artPic ? <img className="h5-article__pic" src={article.artPic} alt="" /> : null}
        {/* rich text written by administrators and sanitized by the server when saved */}
        <RichHtml className="h5-rich" html={article.artDesc} />
      </article>
      {others.length ? (
        <nav className="h5-section" aria-labelledby="same-group">
          <h2 id="same-group" className="h5-section__title">
            {group!.navName}
          </h2>
          <ul className="h5-pages__list h5-pages__list--flush">
            {others.map((a) => (
              <li key={a.id}>
                <Link to={`/h5/info/detail/${a.id}`}>{a.artTitle}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {group?.infoShow === 1 || !group ? (
        <p className="h5-section">
          <Link to={`/h5/info?navId=${article.navId}`}>更多{article.navName}</Link>
        </p>
      ) : null}
      <H5Footer />
    </>
  );
}
