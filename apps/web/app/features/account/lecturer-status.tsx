import { Alert } from 'antd';
import type { TLecturerAudit } from '#contract/lecturer.ts';
import { auditStatusWords } from './lecturer-status-words.ts';

/** Where a lecturer application stands: pending, approved, or rejected with the administrator's opinion. */
export function LecturerAuditStatus({ audit }: { audit: TLecturerAudit }) {
  const w = auditStatusWords(audit);
  return <Alert type={w.kind} showIcon title={w.title} description={w.text} className="qk-form-alert" />;
}
