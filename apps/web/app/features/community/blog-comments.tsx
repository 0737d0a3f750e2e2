import { Button, Input } from 'antd';
import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import type { TBlogComment } from '#contract/community-blog.ts';
import { loginUrl } from '../../lib/session.ts';
import { showSuccess } from '../../lib/toast.ts';
import { Avatar } from './blogger-card.tsx';
import { ReportButton } from './report-button.tsx';
import { useBlogComments, type BlogCommentPage } from './use-blog-comments.ts';

type Page = BlogCommentPage;

function CommentForm({
  placeholder,
  onSend,
  autoFocus = false,
}: {
  placeholder: string;
  onSend: (text: string) => Promise<boolean>;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  async function send() {
    setPending(true);
    if (await onSend(text)) setText('');
    setPending(false);
  }
  return (
    <div className="qk-blog-comment-form">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={1000}
        autoSize={{ minRows: 2, maxRows: 6 }}
        autoFocus={autoFocus}
      />
      <Button type="primary" loading={pending} onClick={() => void send()}>
        发表
      </Button>
    </div>
  );
}

interface ItemProps {
  c: TBlogComment;
  viewer: boolean;
  onReply: (parent: TBlogComment, text: string) => Promise<boolean>;
  onDelete: (c: TBlogComment) => Promise<void>;
}

function CommentItem({ c, viewer, onReply, onDelete }: ItemProps) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="qk-blog-comment" id={`comment-${c.id}`}>
      <Avatar src={c.headImgUrl} name={c.nickname} size={36} />
      <div className="qk-blog-comment__body">
        <div className="qk-blog-comment__head">
          <Link to={`/blog/blogger/${c.userId}`}>{c.nickname}</Link>
          {c.replyNickname ? <span className="qk-muted"> 回复 {c.replyNickname}</span> : null}
          <span className="qk-muted">{c.gmtCreate.slice(0, 16)}</span>
        </div>
        <p className="qk-pre">{c.content}</p>
        <div className="qk-blog-comment__ops">
          {viewer ? (
            <button type="button" className="qk-link-button" onClick={() => setReplying(!replying)}>
              {replying ? '取消回复' : '回复'}
            </button>
          ) : null}
          <ReportButton kind="blogComment" targetId={c.id} />
          {c.canDelete === 1 ? (
            <button type="button" className="qk-link-button is-danger" onClick={() => void onDelete(c)}>
              删除
            </button>
          ) : null}
        </div>
        {replying ? (
          <CommentForm
            placeholder={`回复 ${c.nickname}`}
            autoFocus
            onSend={async (text) => {
              const ok = await onReply(c, text);
              if (ok) setReplying(false);
              return ok;
            }}
          />
        ) : null}
        {c.replyList.length > 0 ? (
          <ul className="qk-blog-replies">
            {c.replyList.map((r) => (
              <CommentItem key={r.id} c={r} viewer={viewer} onReply={onReply} onDelete={onDelete} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** A post's comments: newest first with their replies under them; signed-in readers comment, reply and delete. */
export function BlogComments({ blogId, initial, viewer }: { blogId: string; initial: Page; viewer: boolean }) {
  const { list, total, error, save, remove, more, hasMore } = useBlogComments({
    blogId,
    initial,
    viewer,
    notify: showSuccess,
    confirm: async (question) => window.confirm(question),
  });

  return (
    <section className="qk-blog-comments" aria-label="评论">
      <h2>评论 {total}</h2>
      {viewer ? (
        <CommentForm placeholder="写下你的评论" onSend={(text) => save(text)} />
      ) : (
        <p className="qk-muted">
          <Link to={loginUrl(`/blog/article/${blogId}`)}>登录</Link>后发表评论
        </p>
      )}
      {error ? (
        <p className="qk-form-error" role="alert">
          {error}
        </p>
      ) : null}
      {list.length === 0 ? <p className="qk-blog-empty">还没有评论，来说两句吧</p> : null}
      <ul className="qk-blog-comment-list">
        {list.map((c) => (
          <CommentItem key={c.id} c={c} viewer={viewer} onReply={(p, text) => save(text, p)} onDelete={remove} />
        ))}
      </ul>
      {hasMore ? (
        <Button block onClick={() => void more()}>
          加载更多评论
        </Button>
      ) : null}
    </section>
  );
}
