import { Link } from '../components/link.tsx';
import { terraceList, terraceView } from '#contract/marketing.ts';
import type { Route } from './+types/terrace.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { EmptyState } from '../components/page.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { plainText } from '../features/course/rich-text.tsx';
import { idOr404, publicLoad } from '../features/pages/public-load.ts';
import '../features/pages/pages.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = await publicLoad(context, terraceList);
  // /terrace alone opens the first page, so the address the footer or a nav item points at always has content
  const id = params.id ? idOr404(params.id) : pages[0]?.id;
  const page = id ? await publicLoad(context, terraceView, { id }) : null;
  return { pages, page };
}

/** /terrace/:id — the platform's introduction pages, written by the administrator, with the others beside. */
export default function Terrace({ loaderData }: Route.ComponentProps) {
  const { pages, page } = loaderData;
  if (!page) {
    return (
      <div className="qk-container qk-page">
        <PageMeta title="平台介绍" />
        <h1 className="qk-page__title">平台介绍</h1>
        <EmptyState text="暂无平台介绍" />
      </div>
    );
  }
  return (
    <div className="qk-container qk-page qk-terrace">
      <PageMeta title={page.title} description={page.summary || plainText(page.content).slice(0, 120)} type="article" />
      <nav aria-label="平台介绍">
        {pages.map((p) => (
          <Link key={p.id} to={`/terrace/${p.id}`} className={p.id === page.id ? 'is-active' : undefined}>
            {p.title}
          </Link>
        ))}
      </nav>
      <article className="qk-card">
        <h1 className="qk-page__title">{page.title}</h1>
        {page.summary ? <p className="qk-muted">{page.summary}</p> : null}
        <RichHtml html={page.content} />
        <p className="qk-muted" style={{ marginTop: 24 }}>
          更新于 {page.gmtModified.slice(0, 10)}
        </p>
      </article>
    </div>
  );
}
