import { Link } from '../../components/link.tsx';
import type { Route } from './+types/article.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { loadBlogArticle } from '../../features/community/blog-load.ts';
import { BlogActions } from '../../features/community/blog-actions.tsx';
import { BlogComments } from '../../features/community/blog-comments.tsx';
import { Avatar } from '../../features/community/blogger-card.tsx';
import { FollowBloggerButton } from '../../features/community/follow-blogger-button.tsx';
import '../../features/community/blog.css';
import { RichHtml } from '../../components/rich-editor/rich-html.tsx';
import { ReportButton } from '../../features/community/report-button.tsx';

export function loader(args: Route.LoaderArgs) {
  return loadBlogArticle(args, args.params.id ?? '');
}

/** /blog/article/:id — a post: its body, like, collect and follow, and its comments with replies. */
export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post, comments, author, viewer, origin } = loaderData;
  const me = useRootData()?.user?.id ?? null;
  return (
    <div className="qk-container qk-page qk-blog">
      <PageMeta
        title={post.title}
        description={post.summary}
        type="article"
        image={post.artPic ? new URL(post.artPic, origin).toString() : undefined}
        url={`/blog/article/${post.id}`}
      />
      <article className="qk-blog__main qk-blog-article">
        <nav className="qk-breadcrumb" aria-label="位置">
          <Link to="/">首页</Link>
          <span>/</span>
          <Link to="/blog">博客</Link>
        </nav>
        <h1>{post.title}</h1>
        <div className="qk-blog-card__meta">
          <Link to={`/blog/blogger/${post.userId}`}>{post.nickname}</Link>
          <span>{(post.publishTime || post.gmtModified).slice(0, 16)}</span>
          <span>阅读 {post.viewCount}</span>
          {post.tags.map((t) => (
            <Link key={t} className="qk-blog-tag" to={`/blog?tag=${encodeURIComponent(t)}`}>
              {t}
            </Link>
          ))}
          {post.canEdit === 1 ? <Link to={`/blog/account/write?id=${post.id}`}>编辑</Link> : null}
        </div>
        {post.isPublish === 0 ? <p className="qk-blog-notice">这是草稿，只有你能看到。</p> : null}
        {post.isHidden === 1 ? <p className="qk-blog-notice">这篇博客已被管理员隐藏，只有你能看到。</p> : null}
        {/* The body is rich text the server cleaned with its allowlist when it was saved (decision 31). */}
        <RichHtml className="qk-blog-article__body" html={post.content} />
        {comments ? (
          <>
            <BlogActions post={post} viewer={viewer} />
            <ReportButton kind="blog" targetId={post.id} />
            <BlogComments blogId={post.id} initial={comments} viewer={viewer} />
          </>
        ) : null}
      </article>
      <aside className="qk-blog__side">
        <section className="qk-blog-box qk-blog-author">
          <Avatar src={author.headImgUrl} name={author.nickname} size={64} />
          <Link to={`/blog/blogger/${author.userId}`} className="qk-blogger-card__name">
            {author.nickname}
          </Link>
          {author.introduce ? <p className="qk-muted qk-pre">{author.introduce}</p> : null}
          <p className="qk-muted">
            {author.articleCount} 篇博客 · {author.fansCount} 粉丝 · {author.likeCount} 获赞
          </p>
          {me !== author.userId ? <FollowBloggerButton userId={author.userId} initial={author.isFollow === 1} /> : null}
        </section>
      </aside>
    </div>
  );
}
