import { useState } from 'react';
import { Alert, Button, Form, Popconfirm } from 'antd';
import { useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { answerSave, questionDelete } from '#contract/community-question.ts';
import type { Route } from './+types/view.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../../features/account/use-action.ts';
import { AnswerCard, Avatar } from '../../features/community/answer-card.tsx';
import { LabelTags } from '../../features/community/question-item.tsx';
import { BodyField } from '../../features/community/body-field.tsx';
import { loadQuestion } from '../../features/community/question-load.ts';
import { QuestionMeta } from '../../features/community/question-meta.tsx';
import { useQuestionViewer } from '../../features/community/use-question-viewer.ts';
import { loginUrl } from '../../lib/login-url.ts';
import '../../features/community/question.css';
import { RichHtml } from '../../components/rich-editor/rich-html.tsx';
import { ReportButton } from '../../features/community/report-button.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadQuestion(args, args.params.id);
}

/** /question/view/:id — the question, its answers (the accepted one first), and a box to answer. */
export default function QuestionView({ loaderData }: Route.ComponentProps) {
  const { question: q, answers } = loaderData;
  const { viewer, setViewer } = useQuestionViewer(q.id);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { run, pending, error } = useAction();
  const [form] = Form.useForm<{ content: string }>();
  const [sent, setSent] = useState(0);
  const here = `/question/view/${q.id}`;
  const toLogin = () => void navigate(loginUrl(here));
  const refresh = async () => {
    await revalidator.revalidate();
  };

  async function answer({ content }: { content: string }) {
    const ok = await run(() => api(answerSave, { questionId: q.id, content: content ?? '' }), {
      success: '回答已发表',
    });
    if (ok) {
      form.resetFields();
      setSent((n) => n + 1);
      await refresh();
    }
  }
  async function remove() {
    const ok = await run(() => api(questionDelete, { id: q.id }), { toast: true, success: '问题已删除' });
    if (ok !== undefined) await navigate('/account/ques');
  }

  return (
    <div className="qk-container qk-page qk-q-page">
      <QuestionMeta title={q.title} description={q.summary || q.title} type="article" />
      <section className="qk-q-main">
        <nav className="qk-breadcrumb" aria-label="位置">
          <Link to="/">首页</Link>
          <span>/</span>
          <Link to="/question">问答</Link>
        </nav>
        <header className="qk-q-head">
          <h1>{q.title}</h1>
          <div className="qk-q-item__meta">
            <LabelTags labels={q.labels} />
            <Avatar name={q.asker.nickname} src={q.asker.headImgUrl} />
            <span>{q.asker.nickname}</span>
            <span>提问于 {q.gmtCreate.slice(0, 16)}</span>
            <span>{q.viewCount} 次浏览</span>
            {q.accepted ? <span className="qk-q-solved">已解决</span> : null}
            {viewer.isAsker ? (
              <>
                <Link to={`/question/account/write?id=${q.id}`}>编辑</Link>
                <Popconfirm
                  title="删除这个问题和它的全部回答？"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={remove}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </>
            ) : (
              <ReportButton kind="question" targetId={q.id} />
            )}
          </div>
        </header>
        {/* Question bodies are rich text, cleaned by the server's allowlist when saved (decision 31). */}
        {q.content ? <RichHtml className="qk-q-body" html={q.content} /> : null}
        <div className="qk-q-answers-head">
          <h2>{answers.totalCount} 个回答</h2>
        </div>
        {answers.list.map((a) => (
          <AnswerCard
            key={a.id}
            answer={a}
            viewer={viewer}
            solved={q.accepted === 1}
            onChanged={refresh}
            toLogin={toLogin}
            onLiked={(id, liked) =>
              setViewer((v) => {
                const next = new Set(v.liked);
                if (liked) next.add(id);
                else next.delete(id);
                return { ...v, liked: next };
              })
            }
          />
        ))}
        {answers.totalCount > answers.list.length ? (
          <p className="qk-muted">只显示了最有帮助的 {answers.list.length} 条回答。</p>
        ) : null}
        <section className="qk-answer-form" aria-label="写回答">
          <h2>我来回答</h2>
          {viewer.signedIn ? (
            <Form form={form} onFinish={answer} layout="vertical">
              <Form.Item name="content" initialValue="">
                <BodyField
                  key={sent}
                  placeholder="写下你的回答，代码可以直接粘贴"
                  aria-label="回答内容"
                  minHeight={160}
                />
              </Form.Item>
              {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
              <Button type="primary" htmlType="submit" loading={pending}>
                提交回答
              </Button>
            </Form>
          ) : (
            <p>
              <Link to={loginUrl(here)}>登录</Link> 后即可回答
            </p>
          )}
        </section>
      </section>
      <aside className="qk-q-side">
        <h2>提问者</h2>
        <p>
          <Avatar name={q.asker.nickname} src={q.asker.headImgUrl} /> {q.asker.nickname}
        </p>
        <Link to="/question/account/write">
          <Button type="primary" block>
            我也要提问
          </Button>
        </Link>
      </aside>
    </div>
  );
}
