import { Link } from '../components/link.tsx';
import type { Route } from './+types/blog-article.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { loadBlogArticle } from '../features/community/blog-load.ts';
import { useRootData } from '../lib/root-data.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5Href } from './h5-links.ts';
import { H5BlogComments } from './blog-comments.tsx';
import { H5BlogActions, H5FollowButton } from './blog-reactions.tsx';
import { ReportButton } from './report-button.tsx';
import './h5-blog.css';
import './h5-question.css';

export function loader(args: Route.LoaderArgs) {
  return loadBlogArticle(args, args.params.id ?? '');
}

/** /h5/blog/article/:id — a post on a phone: its body, like, collect, follow its author, and its comments. */
export default function H5BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post, comments, author, viewer } = loaderData;
  const me = useRootData()?.user?.id ?? null;
  const here = `/h5/blog/article/${post.id}`;
  return (
    <>
      <PageMeta title={post.title} description={post.summary} type="article" url={`/blog/article/${post.id}`} />
      <H5Header title="博客" />
      <article className="h5-blog-article">
        <h1>{post.title}</h1>
        <div className="h5-blog-author">
          <Link to={`/h5/blog/blogger/${author.userId}`} className="h5-blog-author__name">
            {author.headImgUrl ? <img src={author.headImgUrl} alt="" width={36} height={36} /> : null}
            <span>
              <strong>{author.nickname}</strong>
              <span className="h5-muted">
                {(post.publishTime || post.gmtModified).slice(0, 16)} · 阅读 {post.viewCount}
              </span>
            </span>
          </Link>
          {post.canEdit === 1 ? (
            <Link to={h5Href(`/blog/account/write?id=${post.id}`)} className="h5-button">
              编辑
            </Link>
          ) : me !== author.userId ? (
            <H5FollowButton userId={author.userId} initial={author.isFollow === 1} signedIn={me !== null} back={here} />
          ) : null}
        </div>
        {post.isPublish === 0 ? <p className="h5-muted">这是草稿，只有你能看到。</p> : null}
        {post.isHidden === 1 ? <p className="h5-muted">这篇博客已被管理员隐藏，只有你能看到。</p> : null}
        {/* The body is rich text the server cleaned with its allowlist when it was saved (decision 31). */}
        <RichHtml className="h5-blog-article__body" html={post.content} />
        {post.tags.length ? (
          <p className="h5-blog-tags">
            {post.tags.map((t) => (
              <Link key={t} to={`/h5/blog?tag=${encodeURIComponent(t)}`} className="h5-q-tag">
                {t}
              </Link>
            ))}
          </p>
        ) : null}
        {comments ? (
          <>
            <div className="h5-blog-article__ops">
              <H5BlogActions post={post} viewer={viewer} />
              <ReportButton kind="blog" targetId={post.id} />
            </div>
            <H5BlogComments blogId={post.id} initial={comments} viewer={viewer} />
          </>
        ) : null}
        <Link to="/h5/blog" className="h5-blog-back">
          返回博客列表
        </Link>
      </article>
      <H5Footer />
    </>
  );
}
