import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * A community label the administrator keeps: `labelType` 1 for blogs, 2 for questions. A question names up to
 * three; the question tabs of /question list the question labels by `sort`.
 */
export const communityLabel = pgTable(
  'community_label',
  {
    id: id(),
    siteId: siteId(),
    labelType: integer('label_type').notNull(),
    labelName: text('label_name').notNull(),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('community_label_site_idx').on(t.siteId, t.labelType, t.sort),
    uniqueIndex('community_label_name_uq').on(t.siteId, t.labelType, t.labelName),
  ],
);

/**
 * A question of the community. `labelIds` holds up to three label ids (a GIN index answers a label's tab);
 * `answerCount` counts visible answers; `isHidden` is 1 once an administrator hid it, for everyone but its asker.
 */
export const question = pgTable(
  'question',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    labelIds: bigint('label_ids', { mode: 'bigint' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    acceptedAnswerId: ref('accepted_answer_id'),
    answerCount: integer('answer_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    isHidden: integer('is_hidden').notNull().default(0),
    lastAnswerTime: timestamp('last_answer_time', { withTimezone: true }),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('question_site_idx').on(t.siteId, t.isHidden, t.id),
    index('question_user_idx').on(t.siteId, t.userId, t.id),
    index('question_hot_idx').on(t.siteId, t.isHidden, t.answerCount, t.viewCount, t.id),
    index('question_labels_idx').using('gin', t.labelIds),
    index('question_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** An answer to a question, in rich text; `isHidden` as on the question. */
export const questionAnswer = pgTable(
  'question_answer',
  {
    id: id(),
    siteId: siteId(),
    questionId: ref('question_id').notNull(),
    userId: ref('user_id').notNull(),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    isHidden: integer('is_hidden').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('question_answer_question_idx').on(t.siteId, t.questionId, t.id),
    index('question_answer_user_idx').on(t.siteId, t.userId, t.id),
  ],
);

/** A short plain-text comment on an answer. */
export const questionAnswerComment = pgTable(
  'question_answer_comment',
  {
    id: id(),
    siteId: siteId(),
    questionId: ref('question_id').notNull(),
    answerId: ref('answer_id').notNull(),
    userId: ref('user_id').notNull(),
    commentText: text('comment_text').notNull(),
    isHidden: integer('is_hidden').notNull().default(0),
    ...gmt,
  },
  (t) => [
    index('question_answer_comment_answer_idx').on(t.siteId, t.answerId, t.id),
    index('question_answer_comment_question_idx').on(t.siteId, t.questionId),
  ],
);

/** What a user did to an answer (`recordType` 1: liked it); the triple is unique, so a like counts once. */
export const questionUserRecord = pgTable(
  'question_user_record',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    answerId: ref('answer_id').notNull(),
    questionId: ref('question_id').notNull(),
    recordType: integer('record_type').notNull().default(1),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('question_user_record_uq').on(t.siteId, t.userId, t.answerId, t.recordType),
    index('question_user_record_question_idx').on(t.siteId, t.userId, t.questionId),
  ],
);
