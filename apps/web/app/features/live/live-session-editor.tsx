import { useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Switch,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from '../../components/link.tsx';
import {
  LIVE_LIMITS,
  LiveStatus,
  liveSessionAuditDelete,
  liveSessionAuditSave,
  type TLiveSessionDraft,
} from '#contract/live.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { liveRoomPath, STATUS_COLOR } from './live-format.ts';

interface Values {
  periodName: string;
  begin: Dayjs | null;
  liveDuration: number;
  isFree: boolean;
  playbackSave: 1 | 2;
}

const blank = (): Values => ({
  periodName: '',
  begin: dayjs().add(1, 'day').hour(20).minute(0).second(0),
  liveDuration: 60,
  isFree: false,
  playbackSave: 1,
});

const valuesOf = (s: TLiveSessionDraft): Values => ({
  periodName: s.periodName,
  begin: s.beginTime ? dayjs(s.beginTime) : null,
  liveDuration: s.liveDuration,
  isFree: s.isFree === 1,
  playbackSave: s.playbackSave === 2 ? 2 : 1,
});

/**
 * The sessions of a live course draft: each a lesson (title, free preview) with its start, length and whether the
 * recording is kept as the replay. A session already broadcast keeps its schedule.
 */
export function LiveSessionEditor(props: { courseId: string; sessions: TLiveSessionDraft[]; onChanged: () => void }) {
  const { courseId, sessions, onChanged } = props;
  const [form] = Form.useForm<Values>();
  // null: closed; '': a new session; else the lesson being edited
  const [editing, setEditing] = useState<string | null>(null);
  const { run, pending, error, setError } = useAction();
  const current = sessions.find((s) => s.periodId === editing);
  const locked = !!current && current.liveStatus !== LiveStatus.WAITING;

  const open = (s?: TLiveSessionDraft) => {
    setError(null);
    form.setFieldsValue(s ? valuesOf(s) : blank());
    setEditing(s?.periodId ?? '');
  };

  async function save() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      courseId,
      ...(editing ? { periodId: editing } : {}),
      periodName: v.periodName,
      isFree: v.isFree ? 1 : 0,
      beginTime: v.begin ? v.begin.format('YYYY-MM-DD HH:mm') : '',
      liveDuration: v.liveDuration,
      playbackSave: v.playbackSave,
    } as const;
    const saved = await run(() => api(liveSessionAuditSave, body), {
      success: editing ? '直播课时已保存' : '直播课时已添加',
    });
    if (!saved) return;
    setEditing(null);
    onChanged();
  }

  async function remove(periodId: string) {
    const done = await run(() => api(liveSessionAuditDelete, { periodId }), { success: '已删除', toast: true });
    if (done !== undefined) onChanged();
  }

  return (
    <>
      <div className="qk-live-sessions__bar">
        <span className="qk-muted">
          标题与试看随课程提交审核；开播时间、时长与回放设置保存即生效，课程审核通过后学员可在直播页看到。
        </span>
        <Button type="primary" onClick={() => open()}>
          添加直播课时
        </Button>
      </div>
      <Table<TLiveSessionDraft>
        rowKey="periodId"
        dataSource={sessions}
        pagination={false}
        locale={{ emptyText: '还没有直播课时：点“添加直播课时”安排第一节课' }}
        columns={[
          { title: '课时', dataIndex: 'periodName' },
          {
            title: '开播时间',
            dataIndex: 'beginTime',
            render: (v: string) => (v ? v.slice(0, 16) : <Tag color="red">未设置</Tag>),
          },
          { title: '时长', dataIndex: 'liveDuration', render: (v: number) => `${v} 分钟` },
          { title: '试看', dataIndex: 'isFree', render: (v: number) => (v ? <Tag color="green">免费试看</Tag> : '') },
          { title: '回放', dataIndex: 'playbackSave', render: (v: number) => (v === 2 ? '不保存' : '保存') },
          {
            title: '状态',
            dataIndex: 'liveStatusText',
            render: (v: string, s) => <Tag color={STATUS_COLOR[s.liveStatus]}>{v}</Tag>,
          },
          {
            title: '操作',
            key: 'act',
            render: (_, s) => (
              <>
                <Button type="link" size="small" onClick={() => open(s)}>
                  编辑
                </Button>
                <Link to={`/account/live/period?periodId=${s.periodId}`}>开播</Link>{' '}
                <Link to={liveRoomPath(s.periodId)}>直播间</Link>
                {s.liveStatus === LiveStatus.LIVING ? null : (
                  <Popconfirm title="删除这个直播课时？" onConfirm={() => void remove(s.periodId)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </>
            ),
          },
        ]}
      />
      {error && editing === null ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      <Modal
        open={editing !== null}
        title={editing ? '编辑直播课时' : '添加直播课时'}
        okText="保存"
        cancelText="取消"
        confirmLoading={pending}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<Values> form={form} layout="vertical" initialValues={blank()}>
          <Form.Item
            name="periodName"
            label="课时标题"
            rules={[{ required: true, whitespace: true, message: '请填写课时标题' }]}
          >
            <Input maxLength={100} showCount placeholder="如：第一讲 Pandas 入门" />
          </Form.Item>
          <Form.Item name="begin" label="开播时间" rules={[{ required: true, message: '请选择开播时间' }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabled={locked}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
          <Form.Item name="liveDuration" label="时长（分钟）" rules={[{ required: true, message: '请填写直播时长' }]}>
            <InputNumber min={5} max={LIVE_LIMITS.durationMaxMinutes} disabled={locked} />
          </Form.Item>
          <Form.Item name="isFree" label="免费试看" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="playbackSave" label="直播回放">
            <Radio.Group disabled={locked}>
              <Radio value={1}>保存为回放</Radio>
              <Radio value={2}>不保存</Radio>
            </Radio.Group>
          </Form.Item>
        </Form>
        {locked ? <Alert type="info" showIcon title="这节课已经开播，只能修改标题和试看" /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Modal>
    </>
  );
}
