import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REPORT_REASONS, reportSave, type TContentKind, type TReportReason } from '#contract/community-moderation.ts';
import { api } from '../api/client.ts';
import { useAction } from '../features/account/use-action.ts';
import { useRootData } from '../lib/root-data.ts';
import { h5LoginPath } from './h5-links.ts';

const reasons = Object.entries(REPORT_REASONS) as Array<[TReportReason, string]>;

/**
 * 举报 on the phone: the reasons rise from the bottom as an action sheet, one tap sends the report. Signed-out
 * readers go to the H5 login page and come back.
 */
export function ReportButton({ kind, targetId }: { kind: TContentKind; targetId: string }) {
  const user = useRootData()?.user ?? null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const { run } = useAction();

  function start() {
    if (!user) return void navigate(h5LoginPath(pathname + search));
    setOpen(true);
  }

  return (
    <>
      <button type="button" className="h5-report" onClick={start}>
        举报
      </button>
      <ActionSheet
        visible={open}
        extra="请选择举报原因"
        cancelText="取消"
        actions={reasons.map(([key, text]) => ({ key, text }))}
        onAction={(a) => {
          setOpen(false);
          void run(() => api(reportSave, { kind, targetId, reason: a.key as TReportReason, text: '' }), {
            toast: true,
            success: '举报已提交，管理员会尽快处理',
          });
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
