import type { TGrade, TGradeApply, TGradeCourse, TGradeStudent } from '#contract/grade.ts';
import { GradeRelation } from '#contract/grade.ts';
import { maskMobile } from '../../platform/mask.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { GradeRow, GradeStudentRow } from './grade.repo.ts';
import type { GradeApplyRow } from './grade-apply.repo.ts';

export interface GradeExtras {
  lecturerName: string;
  categoryName: string;
  myRole: number;
  myApplyStatus: number;
  pendingApplyCount: number;
}

export function presentGrade(g: GradeRow, x: GradeExtras, now = Date.now()): TGrade {
  const manages = x.myRole === GradeRelation.TEACHER || x.myRole === GradeRelation.ADMIN;
  return {
    id: String(g.id),
    gradeName: g.gradeName,
    gradeCover: g.gradeCover,
    introduction: g.introduction,
    categoryId: g.categoryId ? String(g.categoryId) : '',
    categoryName: x.categoryName,
    capacity: g.capacity,
    studentCount: g.studentCount,
    beginTime: formatTime(g.beginTime),
    endTime: formatTime(g.endTime),
    joinRule: g.joinRule,
    invitationCode: manages ? g.invitationCode : '',
    lecturerUserId: String(g.lecturerUserId),
    lecturerName: x.lecturerName,
    statusId: g.statusId,
    isExpired: g.endTime.getTime() <= now ? 1 : 0,
    myRole: x.myRole,
    myApplyStatus: x.myApplyStatus,
    pendingApplyCount: x.pendingApplyCount,
    gmtCreate: formatTime(g.gmtCreate),
  };
}

/** The teacher sees members' whole mobiles (to tell people apart when adding); class admins see them masked. */
export function presentStudent(r: GradeStudentRow, u: UserBrief | undefined, wholeMobile: boolean): TGradeStudent {
  const mobile = u?.mobile ?? '';
  return {
    id: String(r.id),
    gradeId: String(r.gradeId),
    userId: String(r.userId),
    nickname: u?.nickname || maskMobile(mobile),
    mobile: wholeMobile ? mobile : maskMobile(mobile),
    headImgUrl: u?.headImgUrl ?? '',
    role: r.role,
    joinedAt: formatTime(r.joinedAt),
  };
}

export function presentApply(r: GradeApplyRow, u: UserBrief | undefined): TGradeApply {
  const mobile = u?.mobile ?? '';
  return {
    id: String(r.id),
    gradeId: String(r.gradeId),
    userId: String(r.userId),
    nickname: u?.nickname || maskMobile(mobile),
    mobile: maskMobile(mobile),
    applyStatus: r.applyStatus,
    applyRemark: r.applyRemark,
    auditOpinion: r.auditOpinion,
    auditTime: formatTime(r.auditTime),
    gmtCreate: formatTime(r.gmtCreate),
  };
}

export function presentGradeCourse(
  id: bigint,
  c: {
    id: bigint;
    courseName: string;
    courseLogo: string;
    coursePrice: number;
    periodTotal: number;
    lecturerName: string | null;
  },
): TGradeCourse {
  return {
    id: String(id),
    courseId: String(c.id),
    courseName: c.courseName,
    courseLogo: c.courseLogo,
    coursePrice: c.coursePrice,
    periodTotal: c.periodTotal,
    lecturerName: c.lecturerName ?? '',
  };
}
