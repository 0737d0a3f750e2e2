import { FlagOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REPORT_REASONS, reportSave, type TContentKind, type TReportReason } from '#contract/community-moderation.ts';
import { api } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';
import { useAction } from '../account/use-action.ts';

const reasons = Object.entries(REPORT_REASONS) as Array<[TReportReason, string]>;

/**
 * 举报 beside a post, a comment, a question or an answer: a reason from the fixed list and an optional note go to
 * the administrator's queue. Signed-out readers are sent to log in and come back.
 */
export function ReportButton({ kind, targetId }: { kind: TContentKind; targetId: string }) {
  const user = useRootData()?.user ?? null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [text, setText] = useState('');
  const { run, pending, error, setError } = useAction();

  function start() {
    if (!user) return void navigate(loginUrl(pathname + search));
    setReason(null);
    setText('');
    setError(null);
    setOpen(true);
  }

  async function submit() {
    if (!reason) return setError('请选择举报原因');
    const done = await run(() => api(reportSave, { kind, targetId, reason, text }), {
      success: '举报已提交，管理员会尽快处理',
    });
    if (done !== undefined) setOpen(false);
  }

  return (
    <>
      <Button type="text" size="small" icon={<FlagOutlined />} className="qk-report" onClick={start}>
        举报
      </Button>
      <Modal
        title="举报"
        open={open}
        okText="提交举报"
        cancelText="取消"
        confirmLoading={pending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
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
    </>
  );
}
