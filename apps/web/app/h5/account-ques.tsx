import { Link } from '../components/link.tsx';
import { answerDelete, questionDelete } from '#contract/community-question.ts';
import type { Route } from './+types/account-ques.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { plainText } from '../features/community/plain-text.ts';
import { loadMyQues } from '../features/community/question-load.ts';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5Chip } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import { H5QuestionRow } from './question-row.tsx';
import './h5-lists.css';
import './h5-question.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyQues(args, 10);
}

/**
 * /h5/account/ques — my questions and my answers, each a tap from its question and one confirmation from being
 * deleted; a question is edited on the phone's question form (or sent to the computer's when its details are rich).
 */
export default function H5MyQues({ loaderData }: Route.ComponentProps) {
  const { tab, questions, answers } = loaderData;
  const confirmRemove = useConfirmedRemove();
  const page = questions ?? answers;
  const removeQuestion = (id: string, title: string) =>
    confirmRemove(
      { content: `删除问题“${title}”和它的全部回答？`, confirmText: '删除', cancelText: '再想想' },
      () => api(questionDelete, { id }),
      '问题已删除',
    );
  const removeAnswer = (id: string) =>
    confirmRemove(
      { content: '删除这条回答？', confirmText: '删除', cancelText: '再想想' },
      () => api(answerDelete, { id, commentType: 1 }),
      '回答已删除',
    );
  return (
    <>
      <PageMeta title="我的问答" />
      <H5Header title="我的问答" />
      <h1 className="h5-visually-hidden">我的问答</h1>
      <nav className="h5-chips" aria-label="问答类型">
        <H5Chip to="/h5/account/ques" replace on={tab === 'questions'}>
          我的提问
        </H5Chip>
        <H5Chip to="/h5/account/ques?tab=answers" replace on={tab === 'answers'}>
          我的回答
        </H5Chip>
      </nav>
      {page?.list.length === 0 ? (
        <div className="h5-empty">
          <p>{questions ? '还没有提过问题' : '还没有回答过问题'}</p>
          <Link className="h5-button h5-button--primary" to={questions ? '/h5/question/write' : '/h5/question'}>
            {questions ? '去提问' : '去看看大家的问题'}
          </Link>
        </div>
      ) : null}
      {questions?.list.length ? (
        <ul className="h5-list h5-q-list h5-collected" aria-label={`我的提问，共 ${questions.totalCount} 个`}>
          {questions.list.map((q) => (
            <li key={q.id}>
              <H5QuestionRow q={q}>
                <span>{q.viewCount} 次浏览</span>
                {q.isHidden ? <span className="h5-danger">已被管理员隐藏</span> : null}
              </H5QuestionRow>
              <div className="h5-collected__foot">
                <span className="h5-muted">{q.gmtCreate.slice(0, 16)}</span>
                <Link className="h5-button" to={`/h5/question/write?id=${q.id}`}>
                  编辑
                </Link>
                <button type="button" className="h5-button" onClick={() => void removeQuestion(q.id, q.title)}>
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {answers?.list.length ? (
        <ul className="h5-list h5-q-list h5-collected" aria-label={`我的回答，共 ${answers.totalCount} 条`}>
          {answers.list.map((a) => (
            <li key={a.id}>
              <Link to={`/h5/question/view/${a.questionId}#answer-${a.id}`} className="h5-q-row">
                <strong className="h5-q-row__title">{a.questionTitle}</strong>
                <span className="h5-q-mine__answer">{plainText(a.content)}</span>
                <span className="h5-q-row__meta">
                  {a.isAccepted ? <span className="h5-q-solved">已被采纳</span> : null}
                  {a.isHidden ? <span className="h5-danger">已被管理员隐藏</span> : null}
                  <span>
                    {a.likeCount} 赞 · {a.commentCount} 评论
                  </span>
                </span>
              </Link>
              <div className="h5-collected__foot">
                <span className="h5-muted">{a.gmtCreate.slice(0, 16)}</span>
                <button type="button" className="h5-button" onClick={() => void removeAnswer(a.id)}>
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {page ? <H5Pager page={page} /> : null}
      <Link to="/h5/question/write" className="h5-button h5-button--primary h5-q-ask h5-q-ask--end">
        我要提问
      </Link>
    </>
  );
}
