import type { TOrgProfile, TOrgRelation } from '#contract/organisation.ts';
import { maskMobile } from '../../platform/mask.ts';
import { formatTime } from '../../platform/time.ts';
import type { course } from '../../db/schema/course.ts';
import type { examPaper } from '../../db/schema/exam.ts';
import type { grade } from '../../db/schema/grade.ts';
import type { orderInfo } from '../../db/schema/order.ts';
import type { OrgProfileRow, OrgRelationRow } from './org.repo.ts';

/** The school page's facts; an organisation that never wrote its page shows its account's nickname. */
export const presentOrgProfile = (userId: bigint, row: OrgProfileRow | undefined, nickname: string): TOrgProfile => ({
  id: String(userId),
  orgName: row?.orgName ?? nickname,
  logoUrl: row?.logoUrl ?? '',
  summary: row?.summary ?? '',
  introduce: row?.introduce ?? '',
});

export interface RelationNames {
  orgName: string;
  lecturerName: string;
  headImgUrl: string;
  mobile: string;
}

export const presentRelation = (r: OrgRelationRow, n: RelationNames): TOrgRelation => ({
  id: String(r.id),
  orgUserId: String(r.orgUserId),
  orgName: n.orgName,
  lecturerUserId: String(r.lecturerUserId),
  lecturerName: n.lecturerName,
  headImgUrl: n.headImgUrl,
  mobile: maskMobile(n.mobile),
  status: r.status,
  remark: r.remark,
  gmtCreate: formatTime(r.gmtCreate),
  answerTime: formatTime(r.answerTime),
});

export const presentOrgCourse = ({ c, lecturerName }: { c: typeof course.$inferSelect; lecturerName: string }) => ({
  id: String(c.id),
  courseType: c.courseType,
  courseName: c.courseName,
  courseLogo: c.courseLogo,
  categoryId: String(c.categoryId),
  isFree: c.isFree,
  rulingPrice: c.rulingPrice,
  coursePrice: c.coursePrice,
  isVipFree: c.isVipFree,
  countBuy: c.countBuy,
  countStudy: c.countStudy,
  periodTotal: c.periodTotal,
  lecturerUserId: String(c.lecturerUserId),
  lecturerName,
  gmtCreate: formatTime(c.gmtCreate),
  isPutaway: c.isPutaway,
  statusId: c.statusId,
});

export const presentOrgGrade = ({ g, lecturerName }: { g: typeof grade.$inferSelect; lecturerName: string }) => ({
  id: String(g.id),
  gradeName: g.gradeName,
  // a class the organisation runs itself has no lecturer profile behind it
  lecturerName: lecturerName || '本机构',
  studentCount: g.studentCount,
  capacity: g.capacity,
  beginTime: formatTime(g.beginTime),
  endTime: formatTime(g.endTime),
});

export const presentOrgExam = ({ e, lecturerName }: { e: typeof examPaper.$inferSelect; lecturerName: string }) => ({
  id: String(e.id),
  examName: e.examName,
  lecturerName,
  problemCount: e.problemCount,
  totalScore: e.totalScore,
  studyCount: e.studyCount,
  isPutAway: e.isPutAway,
  gmtCreate: formatTime(e.gmtCreate),
});

export const presentOrgSale = (o: typeof orderInfo.$inferSelect) => ({
  orderNo: String(o.orderNo),
  courseName: o.productName,
  lecturerName: o.lecturerName,
  mobile: maskMobile(o.mobile),
  pricePaid: Number(o.pricePaid),
  orderStatus: o.orderStatus,
  payTime: formatTime(o.payTime),
});
