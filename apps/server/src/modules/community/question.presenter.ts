import type {
  TAnswer,
  TAnswerComment,
  TCommunityLabel,
  TMyAnswer,
  TQuestionItem,
  TQuestionUser,
  TQuestionView,
} from '#contract/community-question.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserBrief } from '../user/user.service.ts';
import type { LabelRow } from './label.repo.ts';
import type { QuestionListRow, QuestionRow } from './question.repo.ts';
import type { AnswerCommentRow, AnswerRow } from './answer.repo.ts';

const SUMMARY_CHARS = 120;

export const presentLabel = (r: LabelRow): TCommunityLabel => ({
  id: String(r.id),
  labelNo: String(r.id),
  labelName: r.labelName,
  labelType: r.labelType,
  sort: r.sort,
  statusId: r.statusId,
});

/** A person as the community shows them: a nickname, or the mobile with its middle hidden. */
export function presentPerson(id: bigint, u: UserBrief | undefined): TQuestionUser {
  const masked = u ? `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}` : '已注销用户';
  return { id: String(id), nickname: u?.nickname || masked, headImgUrl: u?.headImgUrl ?? '' };
}

/** The first words of an HTML body as plain text (the page escapes it). */
export function plainSummary(html: string): string {
  const text = html
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > SUMMARY_CHARS ? `${chars.slice(0, SUMMARY_CHARS).join('')}…` : text;
}

export function presentQuestionItem(
  r: QuestionListRow | QuestionRow,
  asker: UserBrief | undefined,
  labels: Map<string, string>,
): TQuestionItem {
  const body = 'summary' in r ? r.summary : r.content;
  return {
    id: String(r.id),
    title: r.title,
    summary: plainSummary(body),
    labels: r.labelIds.flatMap((id) => {
      const name = labels.get(String(id));
      return name === undefined ? [] : [{ labelNo: String(id), labelName: name }];
    }),
    asker: presentPerson(r.userId, asker),
    answerCount: r.answerCount,
    viewCount: r.viewCount,
    accepted: r.acceptedAnswerId === null ? 0 : 1,
    isHidden: r.isHidden,
    gmtCreate: formatTime(r.gmtCreate),
    gmtModified: formatTime(r.gmtModified),
  };
}

export function presentQuestion(
  r: QuestionRow,
  asker: UserBrief | undefined,
  labels: Map<string, string>,
): TQuestionView {
  return {
    ...presentQuestionItem(r, asker, labels),
    content: r.content,
    labelIds: r.labelIds.map(String),
    acceptedAnswerId: r.acceptedAnswerId === null ? '' : String(r.acceptedAnswerId),
  };
}

export const presentComment = (c: AnswerCommentRow, u: UserBrief | undefined): TAnswerComment => ({
  id: String(c.id),
  answerId: String(c.answerId),
  commentText: c.commentText,
  user: presentPerson(c.userId, u),
  gmtCreate: formatTime(c.gmtCreate),
});

export function presentAnswer(
  a: AnswerRow,
  users: Map<bigint, UserBrief>,
  acceptedId: bigint | null,
  comments: AnswerCommentRow[],
): TAnswer {
  return {
    id: String(a.id),
    questionId: String(a.questionId),
    content: a.content,
    user: presentPerson(a.userId, users.get(a.userId)),
    likeCount: a.likeCount,
    commentCount: a.commentCount,
    isAccepted: acceptedId === a.id ? 1 : 0,
    isHidden: a.isHidden,
    comments: comments.map((c) => presentComment(c, users.get(c.userId))),
    gmtCreate: formatTime(a.gmtCreate),
  };
}

export function presentMyAnswer(
  a: AnswerRow,
  users: Map<bigint, UserBrief>,
  question: { title: string; acceptedAnswerId: bigint | null } | undefined,
): TMyAnswer {
  const { comments: _, ...rest } = presentAnswer(a, users, question?.acceptedAnswerId ?? null, []);
  return { ...rest, questionTitle: question?.title ?? '（问题已删除）' };
}
