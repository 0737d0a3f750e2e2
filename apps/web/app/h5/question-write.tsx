import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_QUESTION_LABELS, questionSave, questionUpdate, type TQuestionView } from '#contract/community-question.ts';
import type { Route } from './+types/question-write.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { htmlToText } from '../features/community/html-to-text.ts';
import { loadQuestionToWrite } from '../features/community/question-load.ts';
import { textToHtml } from '../features/community/text-to-html.ts';
import { EditOnComputer } from './edit-on-computer.tsx';
import { H5Header } from './h5-frame.tsx';
import { Field, FormSubmit, TextareaField } from './form-parts.tsx';
import './h5-question.css';

export function loader(args: Route.LoaderArgs) {
  return loadQuestionToWrite(args);
}

/**
 * /h5/question/write — ask on a phone (or edit one's own question, `?id=`): a title, up to three label chips, the
 * details as plain text. A question whose details hold more than plain text is sent to the PC editor instead.
 */
export default function H5QuestionWrite({ loaderData }: Route.ComponentProps) {
  const { labels, editing } = loaderData;
  const text = editing ? htmlToText(editing.content) : '';
  const heading = editing ? '编辑问题' : '提问';
  return (
    <>
      <PageMeta title={heading} />
      <H5Header title={heading} />
      {editing && text === null ? (
        <EditOnComputer
          what="这个问题"
          title={editing.title}
          pcPath={`/question/account/write?id=${editing.id}`}
          view={{ to: `/h5/question/view/${editing.id}`, label: '查看这个问题' }}
          back={{ to: '/h5/account/ques', label: '返回我的问答' }}
        />
      ) : (
        <QuestionForm key={editing?.id} labels={labels} editing={editing} text={text ?? ''} />
      )}
    </>
  );
}

function QuestionForm({
  labels,
  editing,
  text,
}: {
  labels: Route.ComponentProps['loaderData']['labels'];
  editing: TQuestionView | null;
  text: string;
}) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [chosen, setChosen] = useState<string[]>(editing?.labelIds ?? []);
  const [body, setBody] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function toggle(id: string) {
    setError(null);
    if (chosen.includes(id)) setChosen(chosen.filter((c) => c !== id));
    else if (chosen.length >= MAX_QUESTION_LABELS) setError(`最多选择 ${MAX_QUESTION_LABELS} 个标签`);
    else setChosen([...chosen, id]);
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const fields = { title, labelIds: chosen, content: textToHtml(body) };
      const q = editing
        ? await api(questionUpdate, { ...fields, id: editing.id }, { toast: false })
        : await api(questionSave, fields, { toast: false });
      await navigate(`/h5/question/view/${q.id}`, { replace: true });
    } catch (err) {
      setError(inlineMessage(err, '发布失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }
  return (
    <form className="h5-q-form" onSubmit={submit} aria-label={editing ? '编辑问题' : '提问'}>
      <Field
        name="title"
        label="问题标题"
        type="text"
        value={title}
        maxLength={100}
        placeholder="一句话说清你的问题"
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="h5-q-form__row" role="group" aria-label={`标签，最多 ${MAX_QUESTION_LABELS} 个`}>
        <label>标签（最多 {MAX_QUESTION_LABELS} 个）</label>
        <div className="h5-chips">
          {labels.map((l) => (
            <button
              key={l.id}
              type="button"
              className={chosen.includes(l.id) ? 'h5-chip is-on' : 'h5-chip'}
              aria-pressed={chosen.includes(l.id)}
              onClick={() => toggle(l.id)}
            >
              {l.labelName}
            </button>
          ))}
        </div>
      </div>
      <TextareaField
        name="content"
        label="问题描述（选填）"
        value={body}
        maxLength={20000}
        placeholder="补充背景和你尝试过的办法"
        onChange={(e) => setBody(e.target.value)}
      />
      <FormSubmit
        error={error}
        pending={pending}
        label={editing ? '保存修改' : '发布问题'}
        pendingLabel={editing ? '正在保存…' : '正在发布…'}
      />
    </form>
  );
}
