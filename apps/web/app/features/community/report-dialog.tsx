import { Alert, Input, Modal, Radio } from 'antd';
import 'virtual:antd-all.css';
import { useState } from 'react';
import { REPORT_REASONS, reportSave, type TContentKind, type TReportReason } from '#contract/community-moderation.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

const reasons = Object.entries(REPORT_REASONS) as Array<[TReportReason, string]>;

/**
 * The report form: a reason from the fixed list and an optional note. Loaded on the first click, with the full
 * antd stylesheet its Modal and Radio need (the public pages carry only the components they show).
 */
export default function ReportDialog({
  kind,
  targetId,
  onClose,
}: {
  kind: TContentKind;
  targetId: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [text, setText] = useState('');
  const { run, pending, error, setError } = useAction();

  async function submit() {
    if (!reason) return setError('请选择举报原因');
    const done = await run(() => api(reportSave, { kind, targetId, reason, text }), {
      success: '举报已提交，管理员会尽快处理',
    });
    if (done !== undefined) onClose();
  }

  return (
    <Modal
      title="举报"
      open
      okText="提交举报"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p style={{ marginTop: 0 }}>请选择举报原因：</p>
      <Radio.Group
        value={reason}
        onChange={(e) => {
          setReason(e.target.value as TReportReason);
          setError(null);
        }}
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginBottom: 16 }}
        options={reasons.map(([value, label]) => ({ value, label }))}
      />
      <Input.TextArea
        aria-label="补充说明"
        placeholder="补充说明（选填）"
        rows={3}
        maxLength={200}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
