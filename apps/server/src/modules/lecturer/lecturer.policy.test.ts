import { describe, expect, it } from 'vitest';
import { mayApply, mayEditApplication, ownLecturer } from './lecturer.policy.ts';

const student = { userType: 1 };
const lecturer = { userType: 2 };
const organisation = { userType: 3 };

describe('becoming a lecturer', () => {
  it('takes applications from students, and again after a refusal', () => {
    expect(() => mayApply(student, undefined)).not.toThrow();
    expect(() => mayApply(student, { auditStatus: 2 })).not.toThrow();
  });

  it('refuses organisations, lecturers and a second pending application', () => {
    expect(() => mayApply(organisation, undefined)).toThrow('机构账号无需申请成为讲师，请在机构中心邀请讲师加入');
    expect(() => mayApply(lecturer, undefined)).toThrow('您已经是讲师，如需修改资料请到讲师信息中修改');
    expect(() => mayApply(student, { auditStatus: 1 })).toThrow('您已经是讲师，如需修改资料请到讲师信息中修改');
    expect(() => mayApply(student, { auditStatus: 0 })).toThrow('您的申请正在审核中，请耐心等待（一般 7 个工作日内）');
  });

  it('lets an applicant or an appointed lecturer edit the application', () => {
    expect(() => mayEditApplication(student, { auditStatus: 2 })).not.toThrow();
    expect(() => mayEditApplication(lecturer, undefined)).not.toThrow();
    expect(() => mayEditApplication(student, undefined)).toThrow('您还没有提交讲师申请，请先申请');
  });

  it('gives a lecturer’s own profile only to a lecturer who has one', () => {
    expect(ownLecturer(lecturer, { id: 1n }, 'no')).toEqual({ id: 1n });
    expect(() => ownLecturer(student, { id: 1n }, '成为讲师后才能申请开通直播')).toThrow('成为讲师后才能申请开通直播');
    expect(() => ownLecturer(lecturer, undefined, 'no')).toThrow(expect.objectContaining({ code: 999 }));
  });
});
