import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Popconfirm, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { adminMsgDelete, adminMsgPage, adminMsgSave } from '#contract/message.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import type { StatusOption } from '../../features/admin/status-badge.tsx';
import type { Filter } from '../../features/admin/paged-list.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/messages.ts';

export const meta: Route.MetaFunction = () => [{ title: '站内消息 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminMsgPage, pageQueryFrom(args.request, adminMsgPage)) };
}

type Row = CallData<typeof adminMsgPage>['list'][number];
type Values = Record<string, unknown>;

const sendStatuses: StatusOption[] = [
  { value: 1, label: '已发送', status: 'success' },
  { value: 0, label: '待发送', status: 'warning' },
];

const filters: Filter[] = [
  { kind: 'select', name: 'isSend', label: '状态', options: sendStatuses },
  { kind: 'text', name: 'msgTitle', label: '标题', maxLength: 50 },
];

/** The form's own fields (target choice, send mode, a dayjs) become the contract's body. */
function toBody(v: Values): Values {
  const at =
    v.sendMode === 'later' && dayjs.isDayjs(v.sendTime) ? (v.sendTime as Dayjs).format('YYYY-MM-DD HH:mm:ss') : '';
  return {
    msgTitle: v.msgTitle,
    msgText: v.msgText,
    targetKind: v.targetKind,
    mobile: v.targetKind === 'user' ? v.mobile : '',
    sendTime: at,
  };
}

function SendModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const target = Form.useWatch('targetKind', form) as string | undefined;
  const mode = Form.useWatch('sendMode', form) as string | undefined;
  return (
    <FormModal
      title="发送站内消息"
      open={open}
      onClose={onClose}
      call={adminMsgSave}
      form={form}
      toBody={toBody}
      initialValues={{ msgTitle: '', msgText: '', targetKind: 'all', mobile: '', sendMode: 'now' }}
      okText={mode === 'later' ? '定时发送' : '立即发送'}
      success={mode === 'later' ? '已安排定时发送' : '消息已发出'}
      width={640}
    >
      <Form.Item name="msgTitle" label="标题" rules={[{ required: true, whitespace: true, message: '请填写消息标题' }]}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="msgText" label="内容" rules={[{ required: true, whitespace: true, message: '请填写消息内容' }]}>
        <Input.TextArea rows={5} maxLength={2000} />
      </Form.Item>
      <Form.Item name="targetKind" label="发送对象">
        <Radio.Group
          options={[
            { value: 'all', label: '全部用户' },
            { value: 'user', label: '指定用户' },
          ]}
        />
      </Form.Item>
      {target === 'user' ? (
        <Form.Item
          name="mobile"
          label="接收人手机号"
          rules={[{ required: true, pattern: /^1\d{10}$/, message: '请填写接收人的 11 位手机号' }]}
        >
          <Input maxLength={11} style={{ width: 220 }} placeholder="注册时使用的手机号" />
        </Form.Item>
      ) : null}
      <Form.Item name="sendMode" label="发送时间">
        <Radio.Group
          options={[
            { value: 'now', label: '立即发送' },
            { value: 'later', label: '定时发送' },
          ]}
        />
      </Form.Item>
      {mode === 'later' ? (
        <Form.Item
          name="sendTime"
          label="发送时刻"
          rules={[{ required: true, message: '请选择发送时间' }]}
          extra="北京时间，最多可设在一年以内；发出前可以撤回。"
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(1, 'year'))}
            style={{ width: 220 }}
          />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const [sending, setSending] = useState(false);
  const { call } = useAdminCall();
  return (
    <>
      <PagedList<Row>
        title="站内消息"
        noun="站内消息"
        page={loaderData.page}
        filters={filters}
        description="后台发出的站内消息，用户在“我的消息”里查看。定时消息在发出前可以撤回；已发出的不能撤回。"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setSending(true)}>
            发送消息
          </Button>
        }
        columns={[
          { title: '标题', dataIndex: 'msgTitle', width: 200 },
          {
            title: '内容',
            dataIndex: 'msgText',
            render: (v: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0, maxWidth: 380 }}>
                {v}
              </Typography.Paragraph>
            ),
          },
          {
            title: '发送对象',
            key: 'target',
            width: 130,
            render: (_: unknown, r: Row) => (r.targetKind === 'all' ? '全部用户' : r.targetMobile || '—'),
          },
          { title: '发送时间', dataIndex: 'sendTime', width: 170 },
          {
            title: '状态',
            dataIndex: 'isSend',
            width: 90,
            render: (v: number) => <StatusBadge options={sendStatuses} value={v} />,
          },
          {
            title: '送达 / 已读',
            key: 'counts',
            width: 110,
            render: (_: unknown, r: Row) => (r.isSend === 1 ? `${r.sentCount} / ${r.readCount}` : '—'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r: Row) =>
              r.isSend === 0 ? (
                <Popconfirm
                  title={`撤回“${r.msgTitle}”？`}
                  description="撤回后这条定时消息不会再发出。"
                  okText="撤回"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => call(adminMsgDelete, { id: r.id }, '已撤回')}
                >
                  <Button type="link" size="small" danger>
                    撤回
                  </Button>
                </Popconfirm>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]}
      />
      <SendModal open={sending} onClose={() => setSending(false)} />
    </>
  );
}
