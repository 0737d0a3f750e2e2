import { useState } from 'react';
import { Link } from '../components/link.tsx';
import { Dialog, Toast } from 'antd-mobile';
import './mobile-render.ts';
import type { TBlogComment } from '#contract/community-blog.ts';
import { useBlogComments, type BlogCommentPage } from '../features/community/use-blog-comments.ts';
import { ReportButton } from './report-button.tsx';
import { h5LoginPath } from './h5-links.ts';

/** A post's comments on a phone: write one, reply under one, delete one's own, report one. */
export function H5BlogComments({
  blogId,
  initial,
  viewer,
}: {
  blogId: string;
  initial: BlogCommentPage;
  viewer: boolean;
}) {
  const { list, total, error, save, remove, more, hasMore } = useBlogComments({
    blogId,
    initial,
    viewer,
    notify: (content) => Toast.show({ content }),
    confirm: (content) => Dialog.confirm({ content, confirmText: '删除', cancelText: '取消' }),
  });
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<TBlogComment | null>(null);
  const [pending, setPending] = useState(false);

  async function send() {
    setPending(true);
    if (await save(text, replyTo ?? undefined)) {
      setText('');
      setReplyTo(null);
    }
    setPending(false);
  }

  const item = (c: TBlogComment) => (
    <li key={c.id} id={`comment-${c.id}`} className={c.parentId ? 'h5-blog-reply' : undefined}>
      <Link to={`/h5/blog/blogger/${c.userId}`}>
        <strong>{c.nickname}</strong>
      </Link>
      {c.replyNickname ? <span className="h5-muted"> 回复 {c.replyNickname}</span> : null}
      <p className="h5-pre">{c.content}</p>
      <div className="h5-blog-comment__ops">
        <span className="h5-muted">{c.gmtCreate.slice(5, 16)}</span>
        {viewer && !c.parentId ? (
          <button type="button" onClick={() => setReplyTo(c)}>
            回复
          </button>
        ) : null}
        {c.canDelete === 1 ? (
          <button type="button" onClick={() => void remove(c)}>
            删除
          </button>
        ) : null}
        <ReportButton kind="blogComment" targetId={c.id} />
      </div>
      {c.replyList.length > 0 ? <ul className="h5-blog-comments">{c.replyList.map(item)}</ul> : null}
    </li>
  );

  return (
    <section aria-label="评论" className="h5-blog-comment-section">
      <h2>评论 {total}</h2>
      {viewer ? (
        <div className="h5-q-form h5-blog-comment-form">
          {replyTo ? (
            <p className="h5-muted">
              回复 {replyTo.nickname}{' '}
              <button type="button" className="h5-link-button" onClick={() => setReplyTo(null)}>
                取消回复
              </button>
            </p>
          ) : null}
          <textarea
            aria-label={replyTo ? `回复 ${replyTo.nickname}` : '写下你的评论'}
            placeholder={replyTo ? `回复 ${replyTo.nickname}` : '写下你的评论'}
            maxLength={1000}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {error ? (
            <p className="h5-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="h5-button h5-button--primary h5-button--block"
            disabled={pending}
            onClick={() => void send()}
          >
            发表
          </button>
        </div>
      ) : (
        <p className="h5-muted">
          <Link to={h5LoginPath(`/h5/blog/article/${blogId}`)}>登录</Link>后发表评论
        </p>
      )}
      {list.length === 0 ? <p className="h5-muted">还没有评论，来说两句吧</p> : null}
      <ul className="h5-blog-comments">{list.map(item)}</ul>
      {hasMore ? (
        <button type="button" className="h5-button h5-button--block" onClick={() => void more()}>
          加载更多评论
        </button>
      ) : null}
    </section>
  );
}
