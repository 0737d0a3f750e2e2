import { Badge, Button, Descriptions, Form, Image, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { adminFeedbackPage, adminFeedbackReply, feedbackTypeLabel } from '#contract/feedback.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList } from '../../features/admin/paged-list.tsx';
import type { Filter } from '../../features/admin/paged-list.tsx';
import type { Route } from './+types/feedback.ts';

export const meta: Route.MetaFunction = () => [{ title: '意见反馈 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminFeedbackPage, pageQueryFrom(args.request, adminFeedbackPage)) };
}

type Row = CallData<typeof adminFeedbackPage>['list'][number];

const filters: Filter[] = [
  {
    kind: 'select',
    name: 'isReply',
    label: '回复',
    options: [
      { value: 0, label: '未回复' },
      { value: 1, label: '已回复' },
    ],
  },
  { kind: 'text', name: 'content', label: '内容', maxLength: 50, placeholder: '反馈内容包含', width: 220 },
];

function Pictures({ urls, size }: { urls: string[]; size: number }) {
  if (urls.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space size={6} wrap>
        {urls.map((u) => (
          <Image
            key={u}
            src={u}
            alt="反馈图片"
            width={size}
            height={size}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function ReplyModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const replied = Boolean(row?.replyTime);
  return (
    <FormModal
      title={replied ? '修改回复' : '回复反馈'}
      open={row !== null}
      onClose={onClose}
      call={adminFeedbackReply}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={{ replyText: row?.replyText ?? '' }}
      okText="提交回复"
      success={replied ? '回复已修改' : '已回复，用户会收到站内消息'}
      width={680}
    >
      {row ? (
        <Descriptions
          column={2}
          size="small"
          bordered
          style={{ marginBottom: 20 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="用户">
            {row.userNickname}（{row.userMobile}）
          </Descriptions.Item>
          <Descriptions.Item label="类型">{feedbackTypeLabel(row.feedbackType)}</Descriptions.Item>
          <Descriptions.Item label="联系方式">{row.contact || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{row.gmtCreate}</Descriptions.Item>
          <Descriptions.Item label="反馈内容" span={2}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{row.content}</div>
            <div style={{ marginTop: row.imgUrls.length ? 8 : 0 }}>
              <Pictures urls={row.imgUrls} size={72} />
            </div>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form.Item
        name="replyText"
        label="回复内容"
        rules={[{ required: true, whitespace: true, message: '请填写回复内容' }]}
        extra={
          replied
            ? `上次回复于 ${row?.replyTime}；修改后不再另发消息通知。`
            : '用户会在“意见反馈”里看到回复，并收到一条站内消息。'
        }
      >
        <Input.TextArea rows={5} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}

export default function AdminFeedback({ loaderData }: Route.ComponentProps) {
  const [replying, setReplying] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="意见反馈"
        noun="反馈"
        page={loaderData.page}
        filters={filters}
        columns={[
          { title: '类型', dataIndex: 'feedbackType', width: 90, render: (v: number) => feedbackTypeLabel(v) },
          {
            title: '反馈内容',
            dataIndex: 'content',
            render: (v: string, r: Row) => (
              <div style={{ maxWidth: 340 }}>
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: v }}
                  style={{ marginBottom: r.imgUrls.length ? 6 : 0 }}
                >
                  {v}
                </Typography.Paragraph>
                <Pictures urls={r.imgUrls} size={40} />
              </div>
            ),
          },
          {
            title: '用户',
            key: 'user',
            width: 150,
            render: (_: unknown, r: Row) => (
              <div>
                <div>{r.userNickname}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.userMobile}
                  {r.contact && r.contact !== r.userMobile ? ` · 联系：${r.contact}` : ''}
                </Typography.Text>
              </div>
            ),
          },
          { title: '提交时间', dataIndex: 'gmtCreate', width: 170 },
          {
            title: '回复',
            dataIndex: 'replyText',
            render: (v: string, r: Row) =>
              r.replyTime ? (
                <div style={{ maxWidth: 240 }}>
                  <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0 }}>
                    {v}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.replyTime}
                  </Typography.Text>
                </div>
              ) : (
                <Badge status="warning" text="未回复" />
              ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, r: Row) => (
              <Button type={r.replyTime ? 'link' : 'primary'} size="small" onClick={() => setReplying(r)}>
                {r.replyTime ? '修改回复' : '回复'}
              </Button>
            ),
          },
        ]}
      />
      <ReplyModal row={replying} onClose={() => setReplying(null)} />
    </>
  );
}
