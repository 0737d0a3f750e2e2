import type { TAttentionItem, TLecturerAudit, TLecturerPublic, TLecturerSelf } from '#contract/lecturer.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { AuditRow, LecturerRow } from './lecturer.repo.ts';

export const presentAudit = (r: AuditRow): TLecturerAudit => ({
  id: String(r.id),
  lecturerName: r.lecturerName,
  lecturerMobile: r.lecturerMobile,
  lecturerEmail: r.lecturerEmail,
  position: r.position,
  headImgUrl: r.headImgUrl,
  introduce: r.introduce,
  auditStatus: r.auditStatus,
  auditOpinion: r.auditOpinion,
  auditTime: formatTime(r.auditTime),
  gmtCreate: formatTime(r.gmtCreate),
  gmtModified: formatTime(r.gmtModified),
});

/** The public face of a lecturer: never the mobile or the email. */
export const presentPublic = (r: LecturerRow, attentionCount: number): TLecturerPublic => ({
  id: String(r.id),
  userId: String(r.userId),
  lecturerName: r.lecturerName,
  headImgUrl: r.headImgUrl,
  position: r.position,
  introduce: r.introduce,
  attentionCount,
});

export const presentSelf = (r: LecturerRow, attentionCount: number): TLecturerSelf => ({
  ...presentPublic(r, attentionCount),
  lecturerMobile: r.lecturerMobile,
  lecturerEmail: r.lecturerEmail,
  liveStatus: r.liveStatus,
  liveOpinion: r.liveOpinion,
});

export const presentAttention = (r: { lecturer: LecturerRow; followedAt: Date }): TAttentionItem => ({
  lecturerId: String(r.lecturer.id),
  lecturerName: r.lecturer.lecturerName,
  headImgUrl: r.lecturer.headImgUrl,
  position: r.lecturer.position,
  gmtCreate: formatTime(r.followedAt),
});

/** The administrator also sees who applied. */
export const presentAuditAdmin = (r: AuditRow, u: UserBrief | undefined) => ({
  ...presentAudit(r),
  userId: String(r.userId),
  userMobile: u?.mobile ?? '',
  userNickname: u?.nickname ?? '',
});

export const presentLecturerAdmin = (r: LecturerRow, attentionCount: number, u: UserBrief | undefined) => ({
  ...presentSelf(r, attentionCount),
  statusId: r.statusId,
  liveReason: r.liveReason,
  userMobile: u?.mobile ?? '',
  gmtCreate: formatTime(r.gmtCreate),
});
