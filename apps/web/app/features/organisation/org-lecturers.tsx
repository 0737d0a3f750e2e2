import { Alert, Avatar, Button, Form, Input, Popconfirm, Table, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useRevalidator } from 'react-router';
import type { CallData } from '#contract/call.ts';
import {
  ORG_RELATION_LABELS,
  OrgRelationStatus,
  orgLecturerInvite,
  type orgLecturerPage,
  orgRelationEnd,
} from '#contract/organisation.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

type Page = CallData<typeof orgLecturerPage>;
const STATUS_COLOURS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'default', 4: 'default' };

/** The organisation's lecturers: the invitation form, then everyone it invited with what became of it. */
export function OrgLecturers({ page, onPage }: { page: Page; onPage: (n: number) => void }) {
  const [form] = Form.useForm<{ mobile: string; remark?: string }>();
  const invite = useAction();
  const end = useAction();
  const revalidator = useRevalidator();

  async function send(v: { mobile: string; remark?: string }) {
    const sent = await invite.run(() => api(orgLecturerInvite, { mobile: v.mobile, remark: v.remark ?? '' }), {
      success: '邀请已发送，讲师接受后即加入机构',
    });
    if (sent) {
      form.resetFields();
      void revalidator.revalidate();
    }
  }
  async function finish(id: string) {
    if (await end.run(() => api(orgRelationEnd, { id }), { toast: true, success: '已解除' }))
      void revalidator.revalidate();
  }

  return (
    <>
      <section className="qk-card">
        <h2 className="qk-card__title">邀请讲师</h2>
        <p className="qk-muted">输入已入驻讲师的手机号，对方在“个人中心 - 讲师信息”中接受后，即成为本机构讲师。</p>
        <Form form={form} layout="inline" onFinish={(v) => void send(v)}>
          <Form.Item
            name="mobile"
            rules={[
              { required: true, message: '请填写手机号' },
              { pattern: /^1[3-9]\d{9}$/, message: '请填写正确的 11 位手机号' },
            ]}
          >
            <Input placeholder="讲师手机号" maxLength={11} aria-label="讲师手机号" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="remark">
            <Input placeholder="邀请说明（选填）" maxLength={200} aria-label="邀请说明" style={{ width: 320 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.pending}>
            发送邀请
          </Button>
        </Form>
        {invite.error ? <Alert type="error" showIcon title={invite.error} style={{ marginTop: 12 }} /> : null}
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">讲师与邀请</h2>
        <Table
          rowKey="id"
          dataSource={page.list}
          locale={{ emptyText: '还没有邀请讲师' }}
          pagination={{
            current: page.pageCurrent,
            pageSize: page.pageSize,
            total: page.totalCount,
            onChange: onPage,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: '讲师',
              key: 'who',
              render: (_, r) => (
                <span>
                  <Avatar src={r.headImgUrl || undefined} icon={<UserOutlined />} size={32} alt="" /> {r.lecturerName}
                </span>
              ),
            },
            { title: '手机号', dataIndex: 'mobile', width: 130 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 100,
              render: (v: number) => <Tag color={STATUS_COLOURS[v]}>{ORG_RELATION_LABELS[v]}</Tag>,
            },
            { title: '邀请时间', dataIndex: 'gmtCreate', width: 170 },
            { title: '处理时间', dataIndex: 'answerTime', width: 170, render: (v: string) => v || '—' },
            {
              title: '操作',
              key: 'act',
              width: 110,
              render: (_, r) =>
                r.status === OrgRelationStatus.INVITED || r.status === OrgRelationStatus.ACCEPTED ? (
                  <Popconfirm
                    title={
                      r.status === OrgRelationStatus.INVITED ? '撤回这条邀请？' : `解除与${r.lecturerName}的任教关系？`
                    }
                    onConfirm={() => finish(r.id)}
                  >
                    <Button size="small" danger loading={end.pending}>
                      {r.status === OrgRelationStatus.INVITED ? '撤回邀请' : '解除'}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </section>
    </>
  );
}
