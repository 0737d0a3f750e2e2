import { useState } from 'react';
import { Alert, Button, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRevalidator } from 'react-router';
import type { CallData } from '#contract/call.ts';
import type { gradeApplyPage } from '#contract/grade.ts';
import { ApplyStatus, gradeApplyAudit, gradeApplyBatch, gradeApplyIgnore, type TGradeApply } from '#contract/grade.ts';
import { api } from '../../api/client.ts';
import { useQueryParam } from '../account/page-query.ts';
import { useAction } from '../account/use-action.ts';

export type AppliesData = CallData<typeof gradeApplyPage> & { applyStatus: number };

const STATUS: Record<number, { label: string; color?: string }> = {
  1: { label: '待审核', color: 'processing' },
  2: { label: '已通过', color: 'success' },
  3: { label: '已拒绝', color: 'error' },
  4: { label: '已忽略' },
};
type How = 'approve' | 'refuse' | 'ignore';
const DONE: Record<How, string> = { approve: '已通过', refuse: '已拒绝', ignore: '已忽略' };

/** Applications to join: audit one, many at once, or ignore them (the applicant is told of an audit, not of an ignore). */
export function AppliesPanel({ data }: { data: AppliesData }) {
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run, pending } = useAction();
  const [chosen, setChosen] = useState<string[]>([]);
  const [left, setLeft] = useState<string | null>(null);
  const waiting = data.applyStatus === ApplyStatus.PENDING;

  async function settle(ids: string[], how: How) {
    setLeft(null);
    const status = how === 'approve' ? ApplyStatus.APPROVED : ApplyStatus.REFUSED;
    const r = await run(
      async () => {
        if (how === 'ignore') return api(gradeApplyIgnore, { ids });
        if (ids.length === 1) {
          await api(gradeApplyAudit, { id: ids[0]!, applyStatus: status });
          return { done: 1, refused: [] };
        }
        return api(gradeApplyBatch, { ids, applyStatus: status });
      },
      { toast: true },
    );
    if (r === undefined) return;
    setChosen([]);
    if (r.refused.length)
      setLeft(
        `${DONE[how]} ${r.done} 条；未能处理 ${r.refused.length} 条：${r.refused.map((x) => x.reason).join('；')}`,
      );
    else setLeft(`${DONE[how]} ${r.done} 条申请`);
    await revalidator.revalidate();
  }

  const columns: TableColumnsType<TGradeApply> = [
    { title: '申请人', dataIndex: 'nickname' },
    { title: '手机号', dataIndex: 'mobile' },
    { title: '申请说明', dataIndex: 'applyRemark', render: (t: string) => t || '—' },
    { title: '申请时间', dataIndex: 'gmtCreate' },
    {
      title: waiting ? '操作' : '处理结果',
      render: (_: unknown, a) =>
        a.applyStatus === ApplyStatus.PENDING ? (
          <Space size={4}>
            <Button type="link" size="small" disabled={pending} onClick={() => void settle([a.id], 'approve')}>
              通过
            </Button>
            <Popconfirm
              title={`拒绝 ${a.nickname} 的申请？`}
              description="对方会收到未通过的消息。"
              okText="拒绝"
              cancelText="取消"
              onConfirm={() => settle([a.id], 'refuse')}
            >
              <Button type="link" size="small" danger disabled={pending}>
                拒绝
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <span>
            <Tag color={STATUS[a.applyStatus]?.color}>{STATUS[a.applyStatus]?.label}</Tag>
            {a.auditTime}
          </span>
        ),
    },
  ];

  return (
    <>
      <div className="qk-grade-toolbar">
        <Segmented
          value={String(data.applyStatus)}
          options={[1, 2, 3, 4].map((s) => ({ value: String(s), label: STATUS[s]!.label }))}
          onChange={(v) => {
            setChosen([]);
            setParam('status', v === '1' ? null : v);
          }}
        />
        {waiting ? (
          <Space wrap>
            <Button
              type="primary"
              disabled={!chosen.length}
              loading={pending}
              onClick={() => void settle(chosen, 'approve')}
            >
              批量通过
            </Button>
            <Popconfirm
              title={`拒绝选中的 ${chosen.length} 条申请？`}
              okText="拒绝"
              cancelText="取消"
              disabled={!chosen.length}
              onConfirm={() => settle(chosen, 'refuse')}
            >
              <Button danger disabled={!chosen.length}>
                批量拒绝
              </Button>
            </Popconfirm>
            <Button disabled={!chosen.length} onClick={() => void settle(chosen, 'ignore')}>
              忽略
            </Button>
          </Space>
        ) : null}
      </div>
      {left ? (
        <Alert type="info" showIcon closable title={left} style={{ marginBottom: 12 }} onClose={() => setLeft(null)} />
      ) : null}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={data.list}
        locale={{ emptyText: waiting ? '没有待审核的申请' : `没有${STATUS[data.applyStatus]?.label}的申请` }}
        rowSelection={
          waiting ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) } : undefined
        }
        pagination={{
          current: data.pageCurrent,
          pageSize: data.pageSize,
          total: data.totalCount,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (n) => setParam('page', n),
        }}
      />
    </>
  );
}
