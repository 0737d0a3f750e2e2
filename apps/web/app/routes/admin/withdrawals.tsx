import { Button, Descriptions, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { EXTRACT_STATUS_NAMES, ExtractStatus } from '#contract/account-ledger.ts';
import { adminExtractAudit, adminExtractPage, adminExtractPay } from '#contract/order-admin.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { money } from '../../features/order/order-format.ts';
import type { Route } from './+types/withdrawals.ts';

export const meta: Route.MetaFunction = () => [{ title: '提现审核 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminExtractPage, pageQueryFrom(args.request, adminExtractPage)) };
}

type Row = CallData<typeof adminExtractPage>['list'][number];

const BADGES = ['default', 'processing', 'warning', 'warning', 'success', 'error'] as const;
const states: StatusOption[] = Object.entries(EXTRACT_STATUS_NAMES).map(([v, label]) => ({
  value: Number(v),
  label,
  status: BADGES[Number(v)] ?? 'default',
}));
const filters: Filter[] = [
  { kind: 'select', name: 'extractStatus', label: '状态', options: states },
  { kind: 'text', name: 'mobile', label: '手机号', maxLength: 11 },
];

/** What the administrator may decide at each state: review a new request, then record the payout's outcome. */
function choicesFor(status: number) {
  if (status === ExtractStatus.REVIEWING)
    return {
      call: adminExtractAudit,
      verb: '审核',
      options: [
        { value: 2, label: '通过，进入打款' },
        { value: 5, label: '驳回' },
      ],
    };
  const options = [
    { value: 4, label: '打款成功' },
    { value: 5, label: '打款失败' },
  ];
  if (status === ExtractStatus.PAYING) options.unshift({ value: 3, label: '已打款，待确认到账' });
  return { call: adminExtractPay, verb: '打款', options };
}

function DecideModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const result = Form.useWatch('extractStatus', form) as number | undefined;
  const c = choicesFor(row?.extractStatus ?? ExtractStatus.REVIEWING);
  return (
    <FormModal
      title={`${c.verb}提现：${row ? money(row.extractAmount) : ''}`}
      open={row !== null}
      onClose={onClose}
      call={c.call}
      form={form}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={{ extractStatus: c.options[0]?.value, remark: '' }}
      okText="确定"
      success="已处理，已通知用户"
      width={600}
    >
      {row ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          style={{ marginBottom: 20 }}
          styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="申请人">{`${row.nickname || '—'}（${row.mobile}）`}</Descriptions.Item>
          <Descriptions.Item label="提现金额">{money(row.extractAmount)}</Descriptions.Item>
          <Descriptions.Item label="收款人">{row.bankUserName}</Descriptions.Item>
          <Descriptions.Item label="银行卡号">{row.bankCardNo}</Descriptions.Item>
          <Descriptions.Item label="开户行">{`${row.bankName} ${row.bankBranchName}`}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{row.gmtCreate}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form.Item name="extractStatus" label="结果">
        <Radio.Group options={c.options} />
      </Form.Item>
      <Form.Item
        name="remark"
        label="原因或备注"
        dependencies={['extractStatus']}
        rules={[{ required: result === 5, whitespace: true, message: '请填写原因，用户会看到' }]}
        extra={result === 5 ? '金额将退回用户的可提现余额' : undefined}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}

export default function AdminWithdrawals({ loaderData }: Route.ComponentProps) {
  const [deciding, setDeciding] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="提现审核"
        noun="提现申请"
        page={loaderData.page}
        filters={filters}
        description="讲师与推荐人的提现申请（先申请的在前）。审核通过后按银行卡信息线下打款，再记录打款结果；驳回或打款失败的金额退回用户可提现余额。"
        columns={[
          { title: '申请时间', dataIndex: 'gmtCreate', width: 170 },
          { title: '申请人', key: 'user', width: 170, render: (_: unknown, r) => `${r.nickname || '—'} ${r.mobile}` },
          { title: '金额', dataIndex: 'extractAmount', width: 110, render: (v: number) => money(v) },
          {
            title: '银行卡',
            key: 'bank',
            render: (_: unknown, r) => `${r.bankName} ${r.bankCardNo}（${r.bankUserName}）`,
          },
          {
            title: '状态',
            dataIndex: 'extractStatus',
            width: 100,
            render: (v: number) => <StatusBadge options={states} value={v} />,
          },
          { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '—' },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.extractStatus < ExtractStatus.SUCCESS ? (
                <Button type="primary" size="small" onClick={() => setDeciding(r)}>
                  {choicesFor(r.extractStatus).verb}
                </Button>
              ) : null,
          },
        ]}
      />
      <DecideModal key={deciding?.id ?? 'none'} row={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
