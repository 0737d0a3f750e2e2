import 'virtual:antd-all.css';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { gradeExamDel, gradeExamList, type TGradeExam } from '#contract/grade-exam.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { attemptsText } from './grade-exam-form.ts';
import { CompensateModal, ExamFormModal } from './grade-exam-modals.tsx';
import { GradeMarkingList } from './grade-marking-list.tsx';
import './grade.css';

const STATE_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };

/**
 * The teacher's class exams of one class: assign a paper of my bank with its window and attempts, edit, delete,
 * reopen it for one member (补考), and mark the answer sheets waiting. Mounted in the teacher's class management.
 */
export function GradeExamsPanel({ gradeId }: { gradeId: string }) {
  const [exams, setExams] = useState<TGradeExam[] | null>(null);
  const [form, setForm] = useState<{ editing: TGradeExam | null } | null>(null);
  const [compensating, setCompensating] = useState<TGradeExam | null>(null);
  const { run } = useAction();
  const load = useCallback(() => {
    api(gradeExamList, { gradeId, pageSize: 100 })
      .then((p) => setExams(p.list))
      .catch(() => setExams([]));
  }, [gradeId]);
  useEffect(load, [load]);

  async function remove(e: TGradeExam) {
    if ((await run(() => api(gradeExamDel, { id: e.id }), { success: '已删除', toast: true })) !== undefined) load();
  }

  return (
    <div className="qk-grade-panel" data-testid="grade-exams-panel">
      <div className="qk-grade-panel__bar">
        <h3>班级考试</h3>
        <Button type="primary" onClick={() => setForm({ editing: null })}>
          布置考试
        </Button>
      </div>
      <Table<TGradeExam>
        rowKey="id"
        size="small"
        loading={exams === null}
        dataSource={exams ?? []}
        pagination={false}
        locale={{ emptyText: '还没有布置考试：从“我的试卷”中选一份已发布的试卷布置给本班' }}
        columns={[
          { title: '试卷', dataIndex: 'examName' },
          {
            title: '开放时间',
            width: 230,
            render: (_: unknown, e) => `${e.beginTime.slice(0, 16)} 至 ${e.endTime.slice(5, 16)}`,
          },
          { title: '可考', dataIndex: 'attemptLimit', width: 60, render: (v: number) => `${v} 次` },
          {
            title: '答案',
            dataIndex: 'isShowAnswer',
            width: 90,
            render: (v: number) => (v ? '交卷后显示' : '结束后显示'),
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 80,
            render: (v: number, e) => <Tag color={STATE_COLOR[v]}>{e.stateName}</Tag>,
          },
          { title: '答卷', width: 150, render: (_: unknown, e) => attemptsText(e) },
          {
            title: '操作',
            width: 170,
            render: (_: unknown, e) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setForm({ editing: e })}>
                  编辑
                </Button>
                <Button size="small" type="link" onClick={() => setCompensating(e)}>
                  补考
                </Button>
                <Popconfirm title="删除后成员不能再参加或查看这场考试，确定删除？" onConfirm={() => void remove(e)}>
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <GradeMarkingList gradeId={gradeId} exams={exams ?? []} onMarked={load} />
      <ExamFormModal
        gradeId={gradeId}
        open={form !== null}
        editing={form?.editing ?? null}
        onClose={(saved) => {
          setForm(null);
          if (saved) load();
        }}
      />
      <CompensateModal
        exam={compensating}
        onClose={(saved) => {
          setCompensating(null);
          if (saved) load();
        }}
      />
    </div>
  );
}
