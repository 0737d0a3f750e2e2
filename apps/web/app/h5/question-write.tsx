import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { labelList, MAX_QUESTION_LABELS, questionSave } from '#contract/community-question.ts';
import type { Route } from './+types/question-write.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { textToHtml } from '../features/community/text-to-html.ts';
import { pageLoad, requireUser } from '../lib/session-load.ts';
import { H5Header } from './h5-frame.tsx';
import { FormSubmit } from './form-parts.tsx';
import './h5-question.css';

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { labels: await pageLoad(args, labelList, { labelType: 2 }) };
}

/** /h5/question/write — ask on a phone: a title, up to three label chips, the details. */
export default function H5QuestionWrite({ loaderData }: Route.ComponentProps) {
  const { labels } = loaderData;
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [body, setBody] = useState('');
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
      const q = await api(questionSave, { title, labelIds: chosen, content: textToHtml(body) }, { toast: false });
      await navigate(`/h5/question/view/${q.id}`, { replace: true });
    } catch (err) {
      setError(inlineMessage(err, '发布失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <PageMeta title="提问" />
      <H5Header title="提问" />
      <form className="h5-q-form" onSubmit={submit} aria-label="提问">
        <div className="h5-q-form__row">
          <label htmlFor="q-title">问题标题</label>
          <input
            id="q-title"
            type="text"
            value={title}
            maxLength={100}
            placeholder="一句话说清你的问题"
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
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
        <div className="h5-q-form__row">
          <label htmlFor="q-body">问题描述（选填）</label>
          <textarea
            id="q-body"
            value={body}
            maxLength={20000}
            placeholder="补充背景和你尝试过的办法"
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
        <FormSubmit error={error} pending={pending} label="发布问题" pendingLabel="正在发布…" />
      </form>
    </>
  );
}
