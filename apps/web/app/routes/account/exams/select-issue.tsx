import { Button, Pagination, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { data, useNavigate } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { categoryList, problemList, type TProblemFull } from '#contract/exam.ts';
import { paperPreview, paperRefSave } from '#contract/exam-paper.ts';
import type { Route } from './+types/select-issue.ts';
import { api } from '../../../api/client.ts';
import { Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { DIFFICULTY_NAME } from '../../../features/exam/format.ts';
import { plainStem, ProblemFilters, problemQuery } from '../../../features/exam/problem-filters.tsx';
import { pageLoad } from '../../../lib/session-load.ts';
import '../../../features/exam/account-exam.css';
import { isId } from '#contract/call.ts';

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const p = new URL(args.request.url).searchParams;
  const examId = p.get('examId') ?? '';
  const section = Number(p.get('section') ?? 0);
  if (!isId(examId) || !Number.isInteger(section) || section < 0 || section > 20) throw data(null, { status: 404 });
  const [categories, preview, page] = await Promise.all([
    pageLoad(args, categoryList),
    pageLoad(args, paperPreview, { examId }),
    pageLoad(args, problemList, problemQuery(args.request, PAGE_SIZE)),
  ]);
  return { categories, preview, page, section: Math.min(section, preview.sections.length) };
}

/** /account/exams/selectIssue?examId=&section= — pick problems from the bank into one section of the paper. */
export default function SelectIssue({ loaderData }: Route.ComponentProps) {
  const { categories, preview, page, section } = loaderData;
  const setParam = useQueryParam();
  const navigate = useNavigate();
  const { run, pending } = useAction();
  const inPaper = new Set(preview.sections.flatMap((s) => s.problems.map((x) => x.problemId)));
  const [picked, setPicked] = useState<TProblemFull[]>([]);
  const target = preview.sections[section];

  async function add() {
    const sections = preview.sections.map((s) => ({
      titleName: s.titleName,
      problems: s.problems.map((x) => ({ problemId: x.problemId, score: x.score })),
    }));
    const rows = picked.map((p) => ({ problemId: p.id, score: p.problemType === 6 ? 1 : p.score }));
    if (target) sections[section]!.problems.push(...rows);
    else sections.push({ titleName: picked[0]?.problemTypeName ?? `第 ${sections.length + 1} 部分`, problems: rows });
    const saved = await run(() => api(paperRefSave, { examId: preview.id, sections }), {
      toast: true,
      success: `已加入 ${picked.length} 道题`,
    });
    if (saved) navigate(`/account/exams/add?id=${preview.id}&tab=compose`);
  }

  return (
    <Page title="从题库选题">
      <p className="qk-muted" style={{ marginTop: 0 }}>
        试卷：{preview.examName} · 加入到：{target ? target.titleName : '新的大题'}
      </p>
      <div className="qk-exam-toolbar">
        <ProblemFilters subjects={categories.subjectList} />
        <div className="qk-exam-toolbar__right">
          <Link to={`/account/exams/add?id=${preview.id}&tab=compose`}>
            <Button>返回</Button>
          </Link>
          <Button type="primary" disabled={picked.length === 0} loading={pending} onClick={add}>
            加入试卷（{picked.length}）
          </Button>
        </div>
      </div>
      <Table<TProblemFull>
        rowKey="id"
        dataSource={page.list}
        pagination={false}
        rowSelection={{
          selectedRowKeys: picked.map((p) => p.id),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({
            disabled: inPaper.has(r.id),
            'aria-label': `选择：${plainStem(r.problemContent).slice(0, 30)}`,
          }),
          onChange: (_keys, rows) =>
            setPicked((prev) => {
              const onPage = new Set(page.list.map((p) => p.id));
              return [...prev.filter((p) => !onPage.has(p.id)), ...rows.filter((r) => r && onPage.has(r.id))];
            }),
        }}
        columns={[
          {
            title: '题干',
            dataIndex: 'problemContent',
            render: (v: string, r) => (
              <span className="qk-exam-stem-cell">
                {plainStem(v)}
                {inPaper.has(r.id) ? <Tag style={{ marginLeft: 8 }}>已在试卷中</Tag> : null}
              </span>
            ),
          },
          {
            title: '题型',
            dataIndex: 'problemTypeName',
            width: 90,
            render: (v: string, r) => (r.problemType === 6 ? `${v}（${r.children.length}）` : v),
          },
          { title: '分值', dataIndex: 'score', width: 70 },
          { title: '难度', dataIndex: 'difficulty', width: 70, render: (v: number) => DIFFICULTY_NAME[v] },
          { title: '科目', dataIndex: 'subjectName', width: 100, render: (v: string) => v || '—' },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        {page.totalPage > 1 ? (
          <Pagination
            current={page.pageCurrent}
            pageSize={PAGE_SIZE}
            total={page.totalCount}
            showSizeChanger={false}
            onChange={(n) => setParam('page', n)}
          />
        ) : null}
      </Space>
    </Page>
  );
}
