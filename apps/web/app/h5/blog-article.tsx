import { data, Link } from 'react-router';
import { isId } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { blogCommentListPublic, blogView } from '#contract/community-blog.ts';
import type { Route } from './+types/blog-article.ts';
import { ApiError, callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { OgMeta } from '../features/community/og-meta.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-blog.css';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  const id = params.id ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  const post = await callWith(transport, blogView, { id }).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
    throw err;
  });
  const comments = await callWith(transport, blogCommentListPublic, { blogId: id, pageCurrent: 1, pageSize: 20 });
  return { post, comments, origin: new URL(request.url).origin };
}

/** /h5/blog/article/:id — a post on a phone: its body and its comments (liking and commenting on the PC page). */
export default function H5BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post, comments, origin } = loaderData;
  return (
    <>
      <PageMeta title={post.title} description={post.summary} />
      <OgMeta title={post.title} description={post.summary} url={`${origin}/blog/article/${post.id}`} />
      <H5Header title="博客" />
      <article className="h5-blog-article">
        <h1>{post.title}</h1>
        <p className="h5-muted">
          {post.nickname} · {post.publishTime.slice(0, 16)} · 阅读 {post.viewCount} · 点赞 {post.likeCount}
        </p>
        {/* The body is rich text the server cleaned with its allowlist when it was saved (decision 31). */}
        <RichHtml className="h5-blog-article__body" html={post.content} />
        <section aria-label="评论">
          <h2>评论 {comments.totalCount}</h2>
          {comments.list.length === 0 ? <p className="h5-muted">还没有评论</p> : null}
          <ul className="h5-blog-comments">
            {comments.list.map((c) => (
              <li key={c.id}>
                <strong>{c.nickname}</strong>
                <p>{c.content}</p>
                {c.replyList.map((r) => (
                  <p key={r.id} className="h5-blog-reply">
                    <strong>{r.nickname}</strong>
                    {r.replyNickname ? ` 回复 ${r.replyNickname}` : ''}：{r.content}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </section>
        <Link to="/h5/blog" className="h5-blog-back">
          返回博客列表
        </Link>
      </article>
      <H5Footer />
    </>
  );
}
