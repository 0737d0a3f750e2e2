import { z } from './zod-config.ts';
import { defineCall, IdBody, optionalText, PageQuery, pageOf, text } from './call.ts';
import { optionalId } from './exam.ts';
import { PaperFacts } from './exam-paper.ts';

/**
 * Exams, the paper centre: published papers as visitors and students see them (never a problem, answer or
 * analysis), and the lecturer's list of published papers. The question bank and paper audit are in exam.ts.
 */

/** A published paper as anyone sees it. */
export const PaperInfo = PaperFacts.extend({
  studyCount: z.number().int(),
  lecturerUserId: z.string(),
  lecturerName: z.string(),
  gmtCreate: z.string(),
});
export type TPaperInfo = z.output<typeof PaperInfo>;
/** The public detail: the outline (sections with their problem types and counts), never the problems. */
export const PaperDetail = PaperInfo.extend({
  sections: z.array(z.object({ titleName: z.string(), problemCount: z.number().int(), score: z.number().int() })),
});

const PaperFilter = PageQuery.extend({
  subjectId: optionalId,
  yearId: optionalId,
  isFree: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  examName: optionalText('试卷名称', 100),
});
export const paperInfoList = defineCall({
  method: 'POST',
  path: '/exam/api/exam/info/list',
  access: 'api',
  summary: '试卷中心：已上架的试卷',
  body: PaperFilter,
  data: pageOf(PaperInfo),
});
export const paperInfoView = defineCall({
  method: 'POST',
  path: '/exam/api/exam/info/view',
  access: 'api',
  summary: '试卷详情（大纲，不含题目）',
  body: IdBody,
  data: PaperDetail,
});
export const paperSearchList = defineCall({
  method: 'POST',
  path: '/exam/api/exam/info/search/list',
  access: 'api',
  summary: '搜索试卷',
  body: PageQuery.extend({ keyword: text('搜索关键词', 50) }),
  data: pageOf(PaperInfo),
});
export const paperRecommendList = defineCall({
  method: 'POST',
  path: '/exam/api/exam/recommend/list',
  access: 'api',
  summary: '推荐试卷（最多 20 份，免费优先、参考人数多的优先）',
  body: z.object({ subjectId: optionalId, count: z.coerce.number().int().min(1).max(20).default(6) }).prefault({}),
  data: z.array(PaperInfo),
});
/** What a signed-in user may do with a paper: the page shows 开始考试 / 继续考试 / 购买 from this. */
export const PaperUserView = PaperDetail.extend({
  isCollect: z.number().int(),
  /** 1 when the user may start (free, or bought once orders exist). */
  canStart: z.number().int(),
  /** Why the user cannot start, e.g. '该试卷需购买后才能参加' (priced papers, until orders exist) or '该试卷已下架'; '' when they can. */
  reason: z.string(),
  /** The attempt in progress, '' when none. */
  recordId: z.string(),
  attemptCount: z.number().int(),
  bestScore: z.number().int(),
});
export const paperUserView = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/view',
  access: 'auth',
  summary: '试卷详情（登录后：收藏、能否考试、进行中的考试）',
  body: IdBody,
  data: PaperUserView,
});
export const paperPublishedList = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/list',
  access: 'auth',
  summary: '我已发布的试卷（讲师）：参考人数、待批阅数',
  body: PageQuery,
  data: pageOf(PaperInfo.extend({ isPutAway: z.number().int(), waitMarkCount: z.number().int() })),
});
