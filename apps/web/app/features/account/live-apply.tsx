import { useState } from 'react';
import { Alert, Button, Form, Input, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { LiveStatus, lecturerApplyLive, type TLecturerSelf } from '#contract/lecturer.ts';
import { api } from '../../api/client.ts';
import { checkWithSchema } from '../admin/schema-check.ts';
import { useAction } from './use-action.ts';
import { fieldsChanged } from './fields-changed.ts';

const LABELS: Record<number, { text: string; color?: string }> = {
  [LiveStatus.NONE]: { text: '未开通' },
  [LiveStatus.PENDING]: { text: '审核中', color: 'blue' },
  [LiveStatus.OPEN]: { text: '已开通', color: 'green' },
  [LiveStatus.REFUSED]: { text: '未通过', color: 'red' },
};

/** The lecturer's permission to run live classes: its state, and the application when it can be made. */
export function LiveApply({ lecturer }: { lecturer: TLecturerSelf }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  const { run, pending, error, setError } = useAction();
  const label = LABELS[lecturer.liveStatus] ?? LABELS[LiveStatus.NONE]!;
  const canApply = lecturer.liveStatus === LiveStatus.NONE || lecturer.liveStatus === LiveStatus.REFUSED;

  async function submit(values: { reason: string }) {
    const checked = checkWithSchema(form, lecturerApplyLive.body, values);
    if (!checked.ok) return;
    if ((await run(() => api(lecturerApplyLive, checked.data), { success: '直播申请已提交' })) === undefined) return;
    setOpen(false);
    await revalidator.revalidate();
  }

  return (
    <section className="qk-card">
      <h2 className="qk-card__title">
        <span>
          直播权限 <Tag color={label.color}>{label.text}</Tag>
        </span>
        {canApply && !open ? (
          <Button size="small" type="primary" onClick={() => setOpen(true)}>
            {lecturer.liveStatus === LiveStatus.REFUSED ? '重新申请' : '申请开通直播'}
          </Button>
        ) : null}
      </h2>
      {lecturer.liveStatus === LiveStatus.REFUSED && lecturer.liveOpinion ? (
        <p className="qk-muted">审核意见：{lecturer.liveOpinion}</p>
      ) : null}
      {lecturer.liveStatus === LiveStatus.OPEN ? <p className="qk-muted">您可以创建直播课程并设置直播间。</p> : null}
      {open ? (
        <Form
          form={form}
          layout="vertical"
          className="qk-narrow-form"
          onFinish={(v) => void submit(v)}
          onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
        >
          <Form.Item name="reason" label="申请说明" required>
            <Input.TextArea rows={4} maxLength={500} showCount placeholder="计划开设的直播内容、频次等" />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
          <div className="qk-form-actions">
            <Button type="primary" htmlType="submit" loading={pending}>
              提交申请
            </Button>
            <Button onClick={() => setOpen(false)}>取消</Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
