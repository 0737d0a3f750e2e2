import { Button, Segmented, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { CallData } from '#contract/call.ts';
import {
  gradeAnswerView,
  gradeExamRelationAudit,
  gradeExamRelationPage,
  type TGradeExam,
} from '#contract/grade-exam.ts';
import { api } from '../../api/client.ts';
import { MarkingDrawer, type MarkingCalls } from '../exam/marking-drawer.tsx';

type Row = CallData<typeof gradeExamRelationPage>['list'][number];

/** The class's answer sheets open in the exam's marking drawer, through the class's calls. */
const GRADE_MARKING: MarkingCalls = {
  view: (recordId) => api(gradeAnswerView, { recordId }),
  mark: (body) => api(gradeExamRelationAudit, body),
};
const STATUS: Record<number, { label: string; color: string }> = {
  1: { label: '答题中', color: 'processing' },
  2: { label: '待批阅', color: 'warning' },
  3: { label: '已完成', color: 'success' },
};

/** The marking list of a class: attempts waiting for the teacher (or all), each opening the marking drawer. */
export function GradeMarkingList({
  gradeId,
  exams,
  onMarked,
}: {
  gradeId: string;
  exams: TGradeExam[];
  onMarked: () => void;
}) {
  const [status, setStatus] = useState(2);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: Row[]; totalCount: number } | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const load = useCallback(() => {
    api(gradeExamRelationPage, { gradeId, status, pageCurrent: page, pageSize: 10 })
      .then(setData)
      .catch(() => undefined);
  }, [gradeId, status, page]);
  useEffect(load, [load]);
  const names = new Map(exams.map((e) => [e.id, e.examName]));
  return (
    <section data-testid="grade-marking">
      <div className="qk-grade-panel__bar">
        <h3>批阅</h3>
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(Number(v));
            setPage(1);
          }}
          options={[
            { value: 2, label: '待批阅' },
            { value: 3, label: '已完成' },
            { value: 0, label: '全部' },
          ]}
        />
      </div>
      <Table<Row>
        rowKey="recordId"
        size="small"
        dataSource={data?.list ?? []}
        loading={data === null}
        locale={{ emptyText: status === 2 ? '没有待批阅的答卷' : '暂无答卷' }}
        pagination={{ current: page, pageSize: 10, total: data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: '成员', dataIndex: 'userNickname', render: (v: string, r) => v || r.userMobile },
          { title: '考试', dataIndex: 'gradeExamId', render: (v: string) => names.get(v) ?? '' },
          { title: '交卷时间', dataIndex: 'submitTime', width: 170 },
          {
            title: '得分',
            dataIndex: 'totalScore',
            width: 120,
            render: (v: number, r) => `${v} / ${r.paperTotalScore}`,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (v: number) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.label}</Tag>,
          },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, r) =>
              r.status === 1 ? null : (
                <Button
                  size="small"
                  type={r.status === 2 ? 'primary' : 'default'}
                  onClick={() => setMarking(r.recordId)}
                >
                  {r.status === 2 ? '批阅' : '查看'}
                </Button>
              ),
          },
        ]}
      />
      <MarkingDrawer
        recordId={marking}
        calls={GRADE_MARKING}
        onClose={(changed) => {
          setMarking(null);
          if (changed) {
            load();
            onMarked();
          }
        }}
      />
    </section>
  );
}
