import type { ModuleContext } from '../module.ts';
import type { SystemService } from '../system/system.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import type { SearchService } from '../search/index.ts';
import { courseSearchSources } from './course-search.source.ts';
import { EntitlementService, type GradeAccess } from './entitlement.service.ts';
import { CourseService } from './course.service.ts';
import { CollectionService } from './collection.service.ts';
import { CommentService } from './comment.service.ts';
import { LearnService, type LearningProgress } from './learn.service.ts';
import { CourseAdminService } from './course-admin.service.ts';
import { CoursePublishService } from './course-publish.service.ts';
import { PeriodAccessCache } from './period-access-cache.ts';
import { accessoryFileRoute, courseRoutes } from './course.routes.ts';

// the lesson access rule kept in memory, which the data domain's progress reports are checked by
export { PeriodAccessCache };
export type { LearningProgress, GradeAccess };

export interface CourseDeps {
  users: UserService;
  system: SystemService;
  vod: VodService;
  /** the learners' progress (the data domain), asked at each call: data is built after course */
  progress: () => LearningProgress;
  /** access through classes (the grade domain), asked at each check: grade is built after course */
  grades: () => GradeAccess;
  /** the search index: sources of every kind of course, and the catalogue's search call */
  search: SearchService;
}
export type CourseServices = ReturnType<typeof registerCourse>;

/**
 * Courses: the catalogue and course page, lessons, downloads, favourites, comments, the administrator's grants,
 * publishing (for the studio), and EntitlementService, the one answer to "may this user study this lesson".
 */
export function registerCourse(
  { on, p, http }: ModuleContext,
  { users, system, vod, progress, grades, search }: CourseDeps,
) {
  const entitlement = new EntitlementService(p, users, grades);
  const courseIndexed = courseSearchSources(p.db, search);
  const courses = new CourseService(p, users, system, search);
  const collections = new CollectionService(p, courses);
  const services = {
    courses,
    collections,
    comments: new CommentService(p, courses, users),
    learn: new LearnService(p, courses, entitlement, progress),
    courseAdmin: new CourseAdminService(courses, entitlement, users),
  };
  // a ready video gives its length to every lesson showing it
  vod.onVideoReady((siteId, videoId, durationSec) => courses.onVideoReady(siteId, videoId, durationSec));
  courseRoutes(on, services);
  accessoryFileRoute(http, services.learn, p.storage, { redirect: p.config.s3?.downloadRedirect ?? false });
  return {
    entitlement,
    ...services,
    publisher: new CoursePublishService(p, courses, courseIndexed),
    periodAccessCache: new PeriodAccessCache(p, entitlement),
  };
}
