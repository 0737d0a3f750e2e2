import type { TPageQuery } from '#contract/call.ts';
import type { TCourseLearnerPage, TCourseLearners } from '#contract/studio-learners.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { formatTime } from '../../platform/time.ts';
import type { CourseService, CourseViewBase } from '../course/course.service.ts';
import type { StudyService } from '../data/study.service.ts';
import { maskMobile } from '../../platform/mask.ts';
import type { UserService } from '../user/user.service.ts';
import type { Platform } from '../../platform/context.ts';
import type { StudioAccess } from './studio-access.ts';
import { studioLearnersRepo } from './studio-learners.repo.ts';

/** A mean of lesson percents over the course's lessons, one decimal, as the learner's own course progress is. */
const mean = (sum: number, periods: number) => (periods > 0 ? Math.round(Math.min(100, sum / periods) * 10) / 10 : 0);

const periodsOf = (v: CourseViewBase | undefined) =>
  v
    ? v.chapterList.flatMap((ch) =>
        ch.periodList.map((p) => ({ id: p.id, chapterName: ch.chapterName, periodName: p.periodName })),
      )
    : [];

/**
 * Learning in the lecturer's own published courses: only lessons still in the published course count, so a
 * retired lesson's old records neither add learners nor move the mean.
 */
export class StudioLearnerService {
  private readonly access: StudioAccess;
  private readonly courses: CourseService;
  private readonly study: StudyService;
  private readonly users: UserService;
  private readonly repo: ReturnType<typeof studioLearnersRepo>;
  constructor(p: Platform, access: StudioAccess, courses: CourseService, study: StudyService, users: UserService) {
    this.repo = studioLearnersRepo(p.db);
    this.access = access;
    this.courses = courses;
    this.study = study;
    this.users = users;
  }

  async coursePage(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseType?: number },
  ): Promise<Page<TCourseLearners>> {
    await this.access.lecturer(siteId, userId);
    const { rows, total } = await this.repo.publishedPage(siteId, userId, q);
    const views = new Map<bigint, CourseViewBase | undefined>();
    for (const r of rows) views.set(r.id, await this.courses.viewBase(siteId, r.id));
    const periodIds = [...views.values()].flatMap((v) => periodsOf(v).map((p) => BigInt(p.id)));
    const stats = new Map(
      (
        await this.study.courseLearnerStats(
          siteId,
          rows.map((r) => r.id),
          periodIds,
        )
      ).map((s) => [s.courseId, s]),
    );
    return toPage(rows, total, q, (r) => {
      const v = views.get(r.id);
      const s = stats.get(r.id);
      const periodTotal = periodsOf(v).length;
      return {
        courseId: String(r.id),
        courseName: v?.courseName ?? r.courseName,
        courseLogo: v?.courseLogo ?? r.courseLogo,
        courseType: r.courseType,
        isPutaway: v?.isPutaway ?? 0,
        periodTotal,
        learnerCount: s?.learners ?? 0,
        studyPercent: s && s.learners ? mean(s.percentSum / s.learners, periodTotal) : 0,
        lastStudyTime: s?.lastStudyAt ? formatTime(s.lastStudyAt) : '',
      };
    });
  }

  async learnerPage(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseId: string; mobile: string },
  ): Promise<TCourseLearnerPage> {
    const draft = await this.access.ownCourse(siteId, userId, BigInt(q.courseId));
    const view = draft.isPublished ? await this.courses.viewBase(siteId, draft.id) : undefined;
    if (!view) throw fail('课程审核通过并发布后才会有学员');
    const periodList = periodsOf(view);
    const course = {
      courseId: String(draft.id),
      courseName: view.courseName,
      courseType: view.courseType,
      periodTotal: periodList.length,
    };
    let only: bigint | undefined;
    if (q.mobile) {
      const found = await this.users.findByMobile(siteId, q.mobile);
      if (!found) return { course, periodList, learners: toPage([], 0, q, (x) => x) };
      only = found.id;
    }
    const { rows, total } = await this.study.learners(
      siteId,
      draft.id,
      periodList.map((p) => BigInt(p.id)),
      q,
      only,
    );
    const people = await this.users.briefs(
      siteId,
      rows.map((r) => r.userId),
    );
    const live = new Set(periodList.map((p) => p.id));
    const learners = toPage(rows, total, q, (r) => {
      const who = people.get(r.userId);
      return {
        userId: String(r.userId),
        nickname: who?.nickname ?? '',
        mobile: who ? maskMobile(who.mobile) : '',
        studyPercent: mean(r.percentSum, periodList.length),
        finishTotal: r.finishTotal,
        lastStudyTime: formatTime(r.lastStudyAt),
        periods: r.periods
          .filter((l) => live.has(String(l.periodId)))
          .map((l) => ({
            periodId: String(l.periodId),
            percent: Math.round(l.percent * 10) / 10,
            isFinish: l.isFinish,
          })),
      };
    });
    return { course, periodList, learners };
  }
}
