import { Link } from '../components/link.tsx';
import { terraceList, terraceView } from '#contract/marketing.ts';
import type { Route } from './+types/terrace.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { plainText } from '../features/course/rich-text.tsx';
import { idOr404, publicLoad } from '../features/pages/public-load.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-pages.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = await publicLoad(context, terraceList);
  const id = params.id ? idOr404(params.id) : pages[0]?.id;
  return { pages, page: id ? await publicLoad(context, terraceView, { id }) : null };
}

/** /h5/terrace/:id — a platform introduction page on a phone, the others as chips above it. */
export default function H5Terrace({ loaderData }: Route.ComponentProps) {
  const { pages, page } = loaderData;
  return (
    <>
      <PageMeta
        title={page?.title ?? '平台介绍'}
        description={page ? page.summary || plainText(page.content).slice(0, 120) : undefined}
        type="article"
      />
      <H5Header title="平台介绍" />
      {pages.length > 1 ? (
        <nav className="h5-filter" aria-label="平台介绍">
          <div className="h5-chips">
            {pages.map((p) => (
              <Link
                key={p.id}
                to={`/h5/terrace/${p.id}`}
                replace
                className={p.id === page?.id ? 'h5-chip is-on' : 'h5-chip'}
                aria-current={p.id === page?.id ? 'page' : undefined}
              >
                {p.title}
              </Link>
            ))}
          </div>
        </nav>
      ) : null}
      {page ? (
        <article className="h5-section">
          <h1 className="h5-pages__title">{page.title}</h1>
          <RichHtml className="h5-rich" html={page.content} />
        </article>
      ) : (
        <p className="h5-empty">暂无平台介绍</p>
      )}
      <H5Footer />
    </>
  );
}
