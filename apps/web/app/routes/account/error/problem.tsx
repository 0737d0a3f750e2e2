import { Button, Modal, Pagination, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { EXAM_LIMITS } from '#contract/exam.ts';
import { errorDelete, errorDeleteAll, type errorPage, errorView, practiceSign } from '#contract/exam-practice.ts';
import type { Route } from './+types/problem.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { ExplainVideo } from '../../../features/exam/explain-video.tsx';
import { answerText } from '../../../features/exam/format.ts';
import { Stem } from '../../../features/exam/problem-input.tsx';
import { loadErrorBook } from '../../../features/exam/error-book-load.ts';
import '../../../features/exam/exam.css';
import '../../../features/exam/account-exam.css';

const PAGE_SIZE = 15;
type Row = CallData<typeof errorPage>['list'][number];

export function loader(args: Route.LoaderArgs) {
  return loadErrorBook(args, PAGE_SIZE);
}

function Review({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [data, setData] = useState<CallData<typeof errorView> | null>(null);
  const { run } = useAction();
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (id && loadedFor !== id) {
    setLoadedFor(id);
    setData(null);
    void run(() => api(errorView, { id }), { toast: true }).then((d) => d && setData(d));
  }
  const p = data?.problem;
  return (
    <Modal open={id !== null} title="错题详情" footer={null} onCancel={onClose} width={720} destroyOnHidden>
      {p ? (
        <div>
          <p>
            <Tag>{p.problemTypeName}</Tag>
            <span className="qk-muted">
              答错 {data.wrongCount} 次 · 练习已连续答对 {data.correctStreak}/{EXAM_LIMITS.bookStreakToRemove}
            </span>
          </p>
          <Stem html={p.problemContent} />
          {p.options.length > 0 ? (
            <div className="qk-exam-options">
              {p.options.map((o) => (
                <div key={o.key} className={p.answer.includes(o.key) ? 'qk-exam-option is-right' : 'qk-exam-option'}>
                  <span className="qk-exam-option__key">{o.key}</span>
                  <Stem html={o.content} className="qk-exam-option__text" />
                </div>
              ))}
            </div>
          ) : null}
          <dl className="qk-exam-answer">
            <dt>我的答案</dt>
            <dd>{answerText(p.problemType, data.lastAnswer)}</dd>
            <dt>正确答案</dt>
            <dd>{answerText(p.problemType, p.answer)}</dd>
            <dt>解析</dt>
            <dd>
              {p.analysis ? <Stem html={p.analysis} /> : p.videoId ? null : '暂无解析'}
              {p.videoId ? <ExplainVideo sign={() => api(practiceSign, { problemId: p.id })} /> : null}
            </dd>
          </dl>
        </div>
      ) : (
        <p className="qk-muted">加载中…</p>
      )}
    </Modal>
  );
}

/** /account/error/problem — the wrong-answer book by subject: review, delete one or all, practise. */
export default function ErrorBook({ loaderData }: Route.ComponentProps) {
  const { subjects, page, subjectId } = loaderData;
  const setParam = useQueryParam();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const { run } = useAction();
  const [viewing, setViewing] = useState<string | null>(null);
  const total = subjects.reduce((n, s) => n + s.count, 0);
  const current = subjects.find((s) => s.subjectId === subjectId);

  async function removeOne(id: string) {
    if ((await run(() => api(errorDelete, { id }), { toast: true, success: '已从错题本删除' })) !== undefined)
      await revalidator.revalidate();
  }
  async function removeAll() {
    const r = await run(() => api(errorDeleteAll, { subjectId }), { toast: true });
    if (r) {
      Modal.success({ title: `已删除 ${r.deleted} 道错题` });
      await revalidator.revalidate();
    }
  }

  return (
    <Page title="错题本">
      <div className="qk-exam-toolbar">
        <Segmented
          value={params.get('subjectId') ?? ''}
          options={[
            { value: '', label: `全部（${total}）` },
            ...subjects.map((s) => ({ value: s.subjectId, label: `${s.subjectName || '未分科目'}（${s.count}）` })),
          ]}
          onChange={(v) => setParam('subjectId', String(v))}
        />
        <div className="qk-exam-toolbar__right">
          <Link to={subjectId ? `/account/error/start?subjectId=${subjectId}` : '/account/error/start'}>
            <Button type="primary" disabled={page.totalCount === 0}>
              练习{current ? `“${current.subjectName}”` : '全部'}错题
            </Button>
          </Link>
          <Popconfirm
            title={`清空${current ? `“${current.subjectName}”的` : '全部'}错题？此操作不可恢复`}
            okText="清空"
            cancelText="取消"
            onConfirm={removeAll}
          >
            <Button danger disabled={page.totalCount === 0}>
              清空
            </Button>
          </Popconfirm>
        </div>
      </div>
      <p className="qk-muted" style={{ marginTop: 0 }}>
        考试中答错的客观题会自动记入错题本；练习时连续答对 {EXAM_LIMITS.bookStreakToRemove} 次即移出。
      </p>
      {page.list.length === 0 ? (
        <EmptyState text="错题本是空的" />
      ) : (
        <Table<Row>
          rowKey="id"
          dataSource={page.list}
          pagination={false}
          columns={[
            {
              title: '题目',
              dataIndex: 'summary',
              render: (v: string, r) => (
                <a onClick={() => setViewing(r.id)} className="qk-exam-stem-cell">
                  {v}
                </a>
              ),
            },
            { title: '题型', dataIndex: 'problemTypeName', width: 80 },
            { title: '科目', dataIndex: 'subjectName', width: 100, render: (v: string) => v || '—' },
            { title: '答错', dataIndex: 'wrongCount', width: 70, render: (v: number) => `${v} 次` },
            {
              title: '连续答对',
              dataIndex: 'correctStreak',
              width: 90,
              render: (v: number) => `${v} / ${EXAM_LIMITS.bookStreakToRemove}`,
            },
            {
              title: '操作',
              key: 'op',
              width: 150,
              render: (_: unknown, r) => (
                <span style={{ display: 'flex', gap: 8 }}>
                  <Button size="small" onClick={() => setViewing(r.id)}>
                    查看
                  </Button>
                  <Popconfirm
                    title="从错题本删除这道题？"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => removeOne(r.id)}
                  >
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </span>
              ),
            },
          ]}
        />
      )}
      {page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
      <Review id={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
