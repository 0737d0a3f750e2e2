import type { TFeedbackLog } from '#contract/feedback.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { FeedbackRow } from './feedback.repo.ts';

export const presentFeedback = (r: FeedbackRow): TFeedbackLog => ({
  id: String(r.id),
  feedbackType: r.feedbackType,
  content: r.content,
  contact: r.contact,
  imgUrls: r.imgUrls,
  replyText: r.replyText,
  replyTime: formatTime(r.replyTime),
  gmtCreate: formatTime(r.gmtCreate),
});

export const presentFeedbackAdmin = (r: FeedbackRow, u: UserBrief | undefined) => ({
  ...presentFeedback(r),
  userId: String(r.userId),
  userMobile: u?.mobile ?? '',
  userNickname: u?.nickname ?? '',
});
