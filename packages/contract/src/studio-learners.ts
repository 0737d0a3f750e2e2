import { z } from './zod-config.ts';
import { defineCall, Id, optionalText, PageQuery, pageOf } from './call.ts';

/**
 * The lecturer's view of learning in their published courses (/account/vod/progress): each course's learners
 * and mean progress, then each learner's progress lesson by lesson. Only learners who have studied appear.
 */
export const CourseLearners = z.object({
  courseId: z.string(),
  courseName: z.string(),
  courseLogo: z.string(),
  courseType: z.number().int(),
  isPutaway: z.number().int(),
  periodTotal: z.number().int(),
  /** learners who opened at least one lesson */
  learnerCount: z.number().int(),
  /** mean course progress of those learners, 0–100 */
  studyPercent: z.number(),
  lastStudyTime: z.string(),
});
export type TCourseLearners = z.output<typeof CourseLearners>;

export const LearnerPeriodProgress = z.object({
  periodId: z.string(),
  percent: z.number(),
  isFinish: z.number().int(),
});
export const LearnerProgress = z.object({
  userId: z.string(),
  nickname: z.string(),
  /** masked: 138****0001 */
  mobile: z.string(),
  studyPercent: z.number(),
  finishTotal: z.number().int(),
  lastStudyTime: z.string(),
  periods: z.array(LearnerPeriodProgress),
});
export type TLearnerProgress = z.output<typeof LearnerProgress>;

export const LearnerPeriod = z.object({ id: z.string(), chapterName: z.string(), periodName: z.string() });
export const CourseLearnerPage = z.object({
  course: CourseLearners.pick({ courseId: true, courseName: true, courseType: true, periodTotal: true }),
  /** the published lessons in order: the columns of the progress table */
  periodList: z.array(LearnerPeriod),
  learners: pageOf(LearnerProgress),
});
export type TCourseLearnerPage = z.output<typeof CourseLearnerPage>;

export const courseLearnerCoursePage = defineCall({
  method: 'POST',
  path: '/course/auth/course/learner/course/page',
  access: 'auth',
  summary: '讲师已发布课程的学习情况：学员人数与平均进度',
  body: PageQuery.extend({ courseType: z.coerce.number().int().optional().catch(undefined) }),
  data: pageOf(CourseLearners),
});
export const courseLearnerPage = defineCall({
  method: 'POST',
  path: '/course/auth/course/learner/page',
  access: 'auth',
  summary: '讲师课程的学员学习进度（每位学员每个课时）',
  body: PageQuery.extend({ courseId: Id, mobile: optionalText('手机号', 11) }),
  data: CourseLearnerPage,
});
