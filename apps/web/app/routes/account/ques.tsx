import { Button, Pagination, Popconfirm, Tabs } from 'antd';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { answerDelete, questionDelete } from '#contract/community-question.ts';
import type { Route } from './+types/ques.ts';
import { api } from '../../api/client.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { useAction } from '../../features/account/use-action.ts';
import { LabelTags } from '../../features/community/question-item.tsx';
import { plainText } from '../../features/community/plain-text.ts';
import { loadMyQues } from '../../features/community/question-load.ts';
import '../../features/community/question.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadMyQues(args, PAGE_SIZE);
}

/** /account/ques — my questions and my answers, each deletable. */
export default function AccountQues({ loaderData }: Route.ComponentProps) {
  const { tab, questions, answers } = loaderData;
  const [, setParams] = useSearchParams();
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run } = useAction();
  const page = questions ?? answers;

  async function removeQuestion(id: string) {
    if ((await run(() => api(questionDelete, { id }), { toast: true, success: '问题已删除' })) !== undefined)
      await revalidator.revalidate();
  }
  async function removeAnswer(id: string) {
    if (
      (await run(() => api(answerDelete, { id, commentType: 1 }), { toast: true, success: '回答已删除' })) !== undefined
    )
      await revalidator.revalidate();
  }

  return (
    <Page title="我的问答">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'answers' ? { tab: 'answers' } : {})}
        items={[
          { key: 'questions', label: '我的提问' },
          { key: 'answers', label: '我的回答' },
        ]}
        tabBarExtraContent={
          <Link to="/question/account/write">
            <Button type="primary">我要提问</Button>
          </Link>
        }
      />
      {questions ? (
        questions.list.length === 0 ? (
          <EmptyState text="还没有提过问题">
            <Link to="/question/account/write">去提问</Link>
          </EmptyState>
        ) : (
          <ul className="qk-q-list">
            {questions.list.map((q) => (
              <li key={q.id} className="qk-q-mine-item">
                <div className="qk-q-mine-item__main">
                  <Link to={`/question/view/${q.id}`}>
                    <strong>{q.title}</strong>
                  </Link>
                  <div className="qk-q-item__meta">
                    <LabelTags labels={q.labels} />
                    <span>
                      {q.answerCount} 个回答 · {q.viewCount} 次浏览
                    </span>
                    {q.accepted ? <span className="qk-q-solved">已采纳</span> : null}
                    {q.isHidden ? <span className="qk-danger">已被管理员隐藏</span> : null}
                    <span>{q.gmtCreate.slice(0, 16)}</span>
                  </div>
                </div>
                <span>
                  <Link to={`/question/account/write?id=${q.id}`}>编辑</Link>
                  <Popconfirm
                    title="删除这个问题和它的全部回答？"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => removeQuestion(q.id)}
                  >
                    <Button type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {answers ? (
        answers.list.length === 0 ? (
          <EmptyState text="还没有回答过问题">
            <Link to="/question?sort=unanswered">去看看待回答的问题</Link>
          </EmptyState>
        ) : (
          <ul className="qk-q-list">
            {answers.list.map((a) => (
              <li key={a.id} className="qk-q-mine-item">
                <div className="qk-q-mine-item__main">
                  <Link to={`/question/view/${a.questionId}#answer-${a.id}`}>
                    <strong>{a.questionTitle}</strong>
                  </Link>
                  <p>{plainText(a.content)}</p>
                  <div className="qk-q-item__meta">
                    {a.isAccepted ? <span className="qk-q-solved">已被采纳</span> : null}
                    {a.isHidden ? <span className="qk-danger">已被管理员隐藏</span> : null}
                    <span>
                      {a.likeCount} 赞 · {a.commentCount} 评论
                    </span>
                    <span>{a.gmtCreate.slice(0, 16)}</span>
                  </div>
                </div>
                <Popconfirm
                  title="删除这条回答？"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => removeAnswer(a.id)}
                >
                  <Button type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {page && page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
    </Page>
  );
}
