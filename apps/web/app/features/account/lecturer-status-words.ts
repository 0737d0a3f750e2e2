import { AuditStatus, type TLecturerAudit } from '#contract/lecturer.ts';

/** What a lecturer application's state says, the same on the PC site and on H5. */
export function auditStatusWords(audit: TLecturerAudit): {
  kind: 'info' | 'success' | 'error';
  title: string;
  text: string;
} {
  if (audit.auditStatus === AuditStatus.PENDING)
    return {
      kind: 'info',
      title: '申请审核中',
      text: `提交于 ${audit.gmtModified}，平台一般在 7 个工作日内完成审核，结果会通过站内消息通知您。`,
    };
  if (audit.auditStatus === AuditStatus.APPROVED)
    return {
      kind: 'success',
      title: '审核已通过',
      text: `通过时间：${audit.auditTime}${audit.auditOpinion ? `；审核意见：${audit.auditOpinion}` : ''}`,
    };
  return {
    kind: 'error',
    title: '审核未通过',
    text: `审核意见：${audit.auditOpinion || '无'}（${audit.auditTime}）。请按意见修改后重新提交。`,
  };
}
