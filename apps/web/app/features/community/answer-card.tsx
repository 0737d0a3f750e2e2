import { useState } from 'react';
import { Button, Input, Popconfirm } from 'antd';
import { answerAccept, answerDelete, answerLike, answerSave, type TAnswer } from '#contract/community-question.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import type { Viewer } from './use-question-viewer.ts';
import { RichHtml } from '../../components/rich-editor/rich-html.tsx';
import { ReportButton } from './report-button.tsx';

export function Avatar({ name, src }: { name: string; src: string }) {
  return src ? <img className="qk-avatar" src={src} alt="" /> : <span className="qk-avatar">{name.slice(0, 1)}</span>;
}

export interface AnswerCardProps {
  answer: TAnswer;
  viewer: Viewer;
  /** Whether the question already has an accepted answer: then no other can be accepted. */
  solved: boolean;
  onChanged: () => Promise<void>;
  onLiked: (answerId: string, liked: boolean) => void;
  toLogin: () => void;
}

/** One answer: its body, likes, the asker's 采纳, its comments and a box to add one. */
export function AnswerCard({ answer: a, viewer, solved, onChanged, onLiked, toLogin }: AnswerCardProps) {
  const { run, pending } = useAction();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const liked = viewer.liked.has(a.id);
  const mine = viewer.userId === a.user.id;
  const signedIn = (fn: () => void) => () => (viewer.signedIn ? fn() : toLogin());

  const like = () =>
    run(
      async () => {
        const r = await api(answerLike, { answerId: a.id, like: liked ? 0 : 1 });
        onLiked(a.id, r.liked);
        await onChanged();
      },
      { toast: true },
    );
  const accept = () =>
    run(
      async () => {
        await api(answerAccept, { answerId: a.id });
        await onChanged();
      },
      { toast: true, success: '已采纳这条回答' },
    );
  const remove = () =>
    run(
      async () => {
        await api(answerDelete, { id: a.id, commentType: 1 });
        await onChanged();
      },
      { toast: true, success: '回答已删除' },
    );
  const send = () =>
    run(
      async () => {
        await api(answerSave, { questionId: a.questionId, answerId: a.id, commentText: comment });
        setComment('');
        setCommenting(false);
        await onChanged();
      },
      { toast: true, success: '评论已发表' },
    );
  const removeComment = (id: string) =>
    run(
      async () => {
        await api(answerDelete, { id, commentType: 2 });
        await onChanged();
      },
      { toast: true, success: '评论已删除' },
    );

  return (
    <article
      id={`answer-${a.id}`}
      className={a.isAccepted ? 'qk-answer is-accepted' : 'qk-answer'}
      aria-label={`${a.user.nickname}的回答`}
    >
      <div className="qk-answer__who">
        <Avatar name={a.user.nickname} src={a.user.headImgUrl} />
        <strong>{a.user.nickname}</strong>
        {a.isAccepted ? <span className="qk-answer__badge">已采纳</span> : null}
        <span className="qk-muted">{a.gmtCreate.slice(0, 16)}</span>
      </div>
      {/* Answer bodies are rich text, cleaned by the server's allowlist when saved (decision 31). */}
      <RichHtml className="qk-q-body" html={a.content} />
      <div className="qk-answer__actions">
        <Button
          size="small"
          type={liked ? 'primary' : 'default'}
          ghost={liked}
          disabled={pending || mine}
          onClick={signedIn(like)}
        >
          {liked ? '已赞' : '赞'} {a.likeCount}
        </Button>
        <Button size="small" onClick={signedIn(() => setCommenting((v) => !v))}>
          评论 {a.commentCount}
        </Button>
        {viewer.isAsker && !solved && !mine ? (
          <Popconfirm title="采纳这条回答？采纳后不能更改。" okText="采纳" cancelText="取消" onConfirm={accept}>
            <Button size="small" type="primary" disabled={pending}>
              采纳
            </Button>
          </Popconfirm>
        ) : null}
        {mine ? null : <ReportButton kind="answer" targetId={a.id} />}
        {mine ? (
          <Popconfirm
            title="删除这条回答和它的评论？"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={remove}
          >
            <Button size="small" type="link" danger>
              删除
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      {a.comments.length > 0 || commenting ? (
        <div className="qk-comments">
          {a.comments.map((c) => (
            <div key={c.id} className="qk-comment" id={`comment-${c.id}`}>
              <span className="qk-comment__who">{c.user.nickname}：</span>
              <span>{c.commentText}</span>
              <span className="qk-comment__time">{c.gmtCreate.slice(5, 16)}</span>
              {viewer.userId === c.user.id || mine ? (
                <Button size="small" type="link" danger onClick={() => removeComment(c.id)}>
                  删除
                </Button>
              ) : null}
            </div>
          ))}
          {commenting ? (
            <div className="qk-answer__actions">
              <Input
                value={comment}
                maxLength={500}
                placeholder="写下你的评论"
                aria-label="评论内容"
                onChange={(e) => setComment(e.target.value)}
                onPressEnter={send}
              />
              <Button type="primary" size="small" loading={pending} onClick={send}>
                发表评论
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
