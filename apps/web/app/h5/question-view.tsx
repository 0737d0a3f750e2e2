import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import { Dialog, Toast } from 'antd-mobile';
import './mobile-render.ts';
import { answerAccept, answerLike, answerSave, type TAnswer } from '#contract/community-question.ts';
import type { Route } from './+types/question-view.ts';
import { api, inlineMessage } from '../api/client.ts';
import { textToHtml } from '../features/community/text-to-html.ts';
import { loadQuestion } from '../features/community/question-load.ts';
import { QuestionMeta } from '../features/community/question-meta.tsx';
import { useQuestionViewer, type Viewer } from '../features/community/use-question-viewer.ts';
import { FormSubmit, TextareaField } from './form-parts.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5LoginPath } from './h5-links.ts';
import './h5-question.css';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadQuestion(args, args.params.id);
}

/** /h5/question/view/:id — a question on a phone: its body, answers (the accepted first), and a box to answer. */
export default function H5QuestionView({ loaderData }: Route.ComponentProps) {
  const { question: q, answers } = loaderData;
  const { viewer, refresh } = useQuestionViewer(q.id);
  const revalidator = useRevalidator();
  const here = `/h5/question/view/${q.id}`;
  const changed = async () => {
    await revalidator.revalidate();
    await refresh();
  };
  return (
    <>
      <QuestionMeta title={q.title} description={q.summary || q.title} type="article" />
      <H5Header title="问答详情" />
      <article className="h5-q">
        <h1>{q.title}</h1>
        <p className="h5-q__meta">
          {q.labels.map((l) => (
            <span key={l.labelNo} className="h5-q-tag">
              {l.labelName}
            </span>
          ))}
          <span>{q.asker.nickname}</span>
          <span>{q.gmtCreate.slice(0, 16)}</span>
          <span>{q.viewCount} 次浏览</span>
          {q.accepted ? <span className="h5-q-solved">已解决</span> : null}
          {viewer.isAsker ? (
            <Link className="h5-q__edit" to={`/h5/question/write?id=${q.id}`}>
              编辑
            </Link>
          ) : null}
        </p>
        {/* Question bodies are rich text, cleaned by the server's allowlist when saved (decision 31). */}
        {q.content ? <RichHtml className="h5-q-body" html={q.content} /> : null}
      </article>
      <h2 className="h5-section__title" style={{ padding: '12px 16px 0' }}>
        {answers.totalCount} 个回答
      </h2>
      {answers.list.map((a) => (
        <H5Answer key={a.id} a={a} viewer={viewer} solved={q.accepted === 1} here={here} onChanged={changed} />
      ))}
      <AnswerBox questionId={q.id} viewer={viewer} here={here} onSent={changed} />
      <H5Footer />
    </>
  );
}

function H5Answer({
  a,
  viewer,
  solved,
  here,
  onChanged,
}: {
  a: TAnswer;
  viewer: Viewer;
  solved: boolean;
  here: string;
  onChanged: () => Promise<void>;
}) {
  const liked = viewer.liked.has(a.id);
  const mine = viewer.userId === a.user.id;
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    if (!viewer.signedIn) {
      window.location.assign(h5LoginPath(here));
      return;
    }
    try {
      await fn();
      if (done) Toast.show({ content: done });
      await onChanged();
    } catch (err) {
      Toast.show({ content: inlineMessage(err, '操作失败，请稍后再试') ?? '操作失败' });
    }
  };
  async function comment() {
    let text = '';
    const ok = await Dialog.confirm({
      title: '评论这条回答',
      content: (
        <textarea
          aria-label="评论内容"
          maxLength={500}
          rows={3}
          style={{ width: '100%', fontSize: 16 }}
          onChange={(e) => (text = e.target.value)}
        />
      ),
      confirmText: '发表',
      cancelText: '取消',
    });
    if (ok)
      await act(
        () => api(answerSave, { questionId: a.questionId, answerId: a.id, commentText: text }, { toast: false }),
        '评论已发表',
      );
  }
  return (
    <section
      className={a.isAccepted ? 'h5-answer is-accepted' : 'h5-answer'}
      id={`answer-${a.id}`}
      aria-label={`${a.user.nickname}的回答`}
    >
      <div className="h5-answer__who">
        <strong>{a.user.nickname}</strong>
        {a.isAccepted ? <span className="h5-answer__badge">已采纳</span> : null}
        <span className="h5-muted">{a.gmtCreate.slice(5, 16)}</span>
      </div>
      {/* Answer bodies are rich text, cleaned by the server's allowlist when saved (decision 31). */}
      <RichHtml className="h5-q-body" html={a.content} />
      <div className="h5-answer__actions">
        <button
          type="button"
          className={liked ? 'is-on' : undefined}
          disabled={mine}
          aria-pressed={liked}
          onClick={() => act(() => api(answerLike, { answerId: a.id, like: liked ? 0 : 1 }, { toast: false }))}
        >
          {liked ? '已赞' : '赞'} {a.likeCount}
        </button>
        <button type="button" onClick={comment}>
          评论 {a.commentCount}
        </button>
        {viewer.isAsker && !solved && !mine ? (
          <button
            type="button"
            className="is-primary"
            onClick={async () => {
              if (
                await Dialog.confirm({
                  content: '采纳这条回答？采纳后不能更改。',
                  confirmText: '采纳',
                  cancelText: '取消',
                })
              )
                await act(() => api(answerAccept, { answerId: a.id }, { toast: false }), '已采纳');
            }}
          >
            采纳
          </button>
        ) : null}
      </div>
      {a.comments.length > 0 ? (
        <div className="h5-comments">
          {a.comments.map((c) => (
            <p key={c.id} className="h5-comment">
              <b>{c.user.nickname}：</b>
              {c.commentText}
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function AnswerBox({
  questionId,
  viewer,
  here,
  onSent,
}: {
  questionId: string;
  viewer: Viewer;
  here: string;
  onSent: () => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!viewer.signedIn) {
    return (
      <p className="h5-q-form">
        <Link to={h5LoginPath(here)} className="h5-button h5-button--primary h5-button--block">
          登录后回答
        </Link>
      </p>
    );
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await api(answerSave, { questionId, content: textToHtml(text) }, { toast: false });
      setText('');
      Toast.show({ content: '回答已发表' });
      await onSent();
    } catch (err) {
      setError(inlineMessage(err, '发表失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }
  return (
    <form className="h5-q-form" onSubmit={submit} aria-label="写回答">
      <TextareaField
        name="answer"
        label="我来回答"
        value={text}
        maxLength={20000}
        placeholder="写下你的回答"
        onChange={(e) => setText(e.target.value)}
      />
      <FormSubmit error={error} pending={pending} label="提交回答" pendingLabel="正在发表…" />
    </form>
  );
}
