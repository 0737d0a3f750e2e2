import { AuditStatus } from '#contract/lecturer.ts';
import { UserType } from '#contract/user.ts';
import { fail } from '../../platform/http/errors.ts';

interface Applicant {
  userType: number;
}
interface Application {
  auditStatus: number;
}

/** Who may apply to become a lecturer: not an organisation, not a lecturer already, not while one is pending. */
export function mayApply(user: Applicant, existing: Application | undefined): void {
  if (user.userType === UserType.ORGANISATION) throw fail('机构账号无需申请成为讲师，请在机构中心邀请讲师加入');
  if (user.userType === UserType.LECTURER || existing?.auditStatus === AuditStatus.APPROVED) {
    throw fail('您已经是讲师，如需修改资料请到讲师信息中修改');
  }
  if (existing?.auditStatus === AuditStatus.PENDING) throw fail('您的申请正在审核中，请耐心等待（一般 7 个工作日内）');
}

/** Who may edit their application: someone who applied, or a lecturer the administrator appointed directly. */
export function mayEditApplication(user: Applicant, existing: Application | undefined): void {
  if (!existing && user.userType !== UserType.LECTURER) throw fail('您还没有提交讲师申请，请先申请');
}

/** A lecturer's own profile calls (live classes, their page): a lecturer with a profile; `refusal` says why not. */
export function ownLecturer<T>(user: Applicant, row: T | undefined, refusal: string): T {
  if (!row || user.userType !== UserType.LECTURER) throw fail(refusal);
  return row;
}
