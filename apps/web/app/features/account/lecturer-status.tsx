import { Alert } from 'antd';
import { AuditStatus, type TLecturerAudit } from '#contract/lecturer.ts';

/** Where a lecturer application stands: pending, approved, or rejected with the administrator's opinion. */
export function LecturerAuditStatus({ audit }: { audit: TLecturerAudit }) {
  if (audit.auditStatus === AuditStatus.PENDING) {
    return (
      <Alert
        type="info"
        showIcon
        title="申请审核中"
        description={`提交于 ${audit.gmtModified}，平台一般在 7 个工作日内完成审核，结果会通过站内消息通知您。`}
        className="qk-form-alert"
      />
    );
  }
  if (audit.auditStatus === AuditStatus.APPROVED) {
    return (
      <Alert
        type="success"
        showIcon
        title="审核已通过"
        description={`通过时间：${audit.auditTime}${audit.auditOpinion ? `；审核意见：${audit.auditOpinion}` : ''}`}
        className="qk-form-alert"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title="审核未通过"
      description={`审核意见：${audit.auditOpinion || '无'}（${audit.auditTime}）。请按意见修改后重新提交。`}
      className="qk-form-alert"
    />
  );
}
