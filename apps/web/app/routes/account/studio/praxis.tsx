import { useState } from 'react';
import { Alert, Button, Popconfirm, Select, Space, Table } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { isId } from '#contract/call.ts';
import { problemList } from '#contract/exam.ts';
import { courseExamRefDelete, courseExamRefSave, exerciseListForPage } from '#contract/exam-practice.ts';
import { chapterAuditList, courseAuditList } from '#contract/studio.ts';
import type { Route } from './+types/praxis.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { plainText } from '../../../features/course/rich-text.tsx';
import { pageLoad, pageLoadOrNull, requireLecturer } from '../../../lib/session-load.ts';

/**
 * One page serves the exercises of recorded lessons (/account/vod/praxis) and of live sessions
 * (/account/live/praxis): the same calls, on the lecturer's published courses of that kind.
 */
const PRAXIS = {
  vod: {
    courseType: 1,
    title: '课时练习',
    noun: '点播课程',
    period: '课时',
    list: '/account/vod',
    listName: '点播课程管理',
  },
  live: {
    courseType: 2,
    title: '直播练习',
    noun: '直播课程',
    period: '直播课时',
    list: '/account/live',
    listName: '直播管理',
  },
} as const;
const praxisOf = (pathname: string) => (pathname.startsWith('/account/live/') ? PRAXIS.live : PRAXIS.vod);

export const meta: Route.MetaFunction = ({ location }) => [
  { title: praxisOf(location.pathname).title },
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  await requireLecturer(args);
  const url = new URL(args.request.url);
  const q = url.searchParams;
  const kind = praxisOf(url.pathname);
  const courses = (
    await pageLoad(args, courseAuditList, { courseType: kind.courseType, pageCurrent: 1, pageSize: 100 })
  ).list.filter((c) => c.isPublished === 1);
  const asked = q.get('courseId');
  const course = courses.find((c) => c.id === asked) ?? courses[0];
  if (!course) return { kind, courses, course: null, chapters: [], periodId: null, exercises: null, problems: [] };
  const chapters = await pageLoad(args, chapterAuditList, { courseId: course.id });
  const periods = chapters.flatMap((c) => c.periodList);
  const periodId = periods.find((p) => p.id === q.get('periodId'))?.id ?? periods[0]?.id ?? null;
  const [exercises, problems] = await Promise.all([
    periodId && isId(periodId) ? pageLoadOrNull(args, exerciseListForPage, { periodId, pageSize: 50 }) : null,
    pageLoad(args, problemList, { pageCurrent: 1, pageSize: 100 }),
  ]);
  // material problems cannot be lesson exercises (exam domain's rule), so they are not offered
  const offered = problems.list.filter((p) => p.problemType !== 6 && !p.parentId);
  return { kind, courses, course, chapters, periodId, exercises, problems: offered };
}

/**
 * /account/vod/praxis and /account/live/praxis — a lecturer's lesson exercises: problems of their bank attached
 * to a published lesson or live session.
 */
export default function StudioPraxis({ loaderData }: Route.ComponentProps) {
  const { kind, courses, course, chapters, periodId, exercises, problems } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const [adding, setAdding] = useState<string[]>([]);
  if (!course) {
    return (
      <Page title={kind.title}>
        <EmptyState text={`还没有已发布的${kind.noun}：课程审核通过后，可以在这里为${kind.period}挂练习题`}>
          <Link to={kind.list}>去{kind.listName}</Link>
        </EmptyState>
      </Page>
    );
  }
  const attached = exercises?.list ?? [];
  const attachedIds = attached.map((p) => p.id);
  const save = async (ids: string[], success: string) => {
    if (!periodId) return;
    if (await run(() => api(courseExamRefSave, { periodId, problemIds: ids }), { success })) {
      setAdding([]);
      void revalidator.revalidate();
    }
  };
  const remove = async (problemId: string) => {
    if (!periodId) return;
    // the call answers null: only undefined means it did not go through
    const done = await run(() => api(courseExamRefDelete, { periodId, problemId }), { success: '已移除', toast: true });
    if (done !== undefined) void revalidator.revalidate();
  };
  return (
    <Page title={kind.title}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="课程"
          style={{ width: 320 }}
          value={course.id}
          options={courses.map((c) => ({ value: c.id, label: c.courseName }))}
          onChange={(v) => setParam('courseId', v)}
        />
        <Select
          aria-label={kind.period}
          style={{ width: 360 }}
          value={periodId ?? undefined}
          placeholder={`该课程还没有${kind.period}`}
          options={chapters.map((c) => ({
            label: c.chapterName,
            options: c.periodList.map((p) => ({ value: p.id, label: p.periodName })),
          }))}
          onChange={(v) => setParam('periodId', v)}
        />
      </Space>
      {periodId && exercises === null ? (
        <Alert type="info" showIcon title={`该${kind.period}还没有发布：提交审核并通过后，才能为它挂练习题。`} />
      ) : null}
      {periodId && exercises ? (
        <>
          <section className="qk-card">
            <h2 className="qk-card__title">添加练习题</h2>
            <Space.Compact style={{ width: '100%' }}>
              <Select
                mode="multiple"
                aria-label="选择题库中的题目"
                style={{ width: '100%' }}
                value={adding}
                onChange={setAdding}
                optionFilterProp="label"
                placeholder={problems.length ? '从我的题库选择题目（可搜索）' : '题库里还没有题目，先到试题管理中出题'}
                options={problems
                  .filter((p) => !attachedIds.includes(p.id))
                  .map((p) => ({
                    value: p.id,
                    label: `[${p.problemTypeName}] ${plainText(p.problemContent).slice(0, 60)}`,
                  }))}
              />
              <Button
                type="primary"
                disabled={adding.length === 0}
                loading={pending}
                onClick={() => void save([...attachedIds, ...adding], `已添加 ${adding.length} 道练习题`)}
              >
                添加
              </Button>
            </Space.Compact>
            {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
          </section>
          <section className="qk-card" aria-label={`本${kind.period}的练习题`}>
            <h2 className="qk-card__title">
              本{kind.period}的练习题（{attached.length}）
            </h2>
            <Table
              rowKey="id"
              // a lesson exercise is never a material problem: its empty children are no tree to expand
              dataSource={attached.map(({ children: _children, ...p }) => p)}
              pagination={false}
              locale={{ emptyText: `这个${kind.period}还没有练习题` }}
              columns={[
                { title: '题型', dataIndex: 'problemTypeName', width: 100 },
                { title: '题目', dataIndex: 'problemContent', render: (v: string) => plainText(v).slice(0, 120) },
                { title: '分值', dataIndex: 'score', width: 70 },
                {
                  title: '操作',
                  key: 'act',
                  width: 90,
                  render: (_, p) => (
                    <Popconfirm title={`从本${kind.period}移除这道题？`} onConfirm={() => remove(p.id)}>
                      <Button size="small" danger>
                        移除
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </section>
        </>
      ) : null}
    </Page>
  );
}
