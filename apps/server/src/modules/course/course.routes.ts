import type { FastifyInstance } from 'fastify';
import * as c from '#contract/course.ts';
import * as l from '#contract/course-learn.ts';
import type { Router } from '../../platform/http/route.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CourseService } from './course.service.ts';
import type { LearnService } from './learn.service.ts';
import type { CommentService } from './comment.service.ts';
import type { CollectionService } from './collection.service.ts';
import type { CourseAdminService } from './course-admin.service.ts';

export interface CourseServices {
  courses: CourseService;
  learn: LearnService;
  comments: CommentService;
  collections: CollectionService;
  courseAdmin: CourseAdminService;
}

export function courseRoutes(on: Router, s: CourseServices): void {
  on(c.categoryListForSite, ({ site, body }) => s.courses.categoryTree(site.id, body.categoryType));
  on(c.categoryList, ({ site, body }) => s.courses.categoryChildren(site.id, body.categoryType, body.parentId));
  on(c.courseList, ({ site, body }) => s.courses.list(site.id, body));
  on(c.courseSearchList, ({ site, body }) => s.courses.search(site.id, body));
  on(c.courseView, ({ site, body }) => s.courses.view(site.id, body.courseId));
  on(c.chapterList, ({ site, body }) => s.courses.chapters(site.id, body.courseId));
  on(c.courseRecommend, ({ site, body }) => s.courses.related(site.id, body));
  on(c.courseRefList, ({ site, body }) => s.courses.byLecturer(site.id, body));
  on(c.zoneCourseList, ({ site, body }) => s.courses.zones(site.id, body.zoneLocation, body.limit));

  on(l.courseViewAuth, ({ site, actor, body }) => s.learn.view(site.id, actor.id, body.courseId));
  on(l.courseSign, ({ site, actor, body }) => s.learn.sign(site.id, actor.id, body));
  on(l.chapterPage, ({ site, actor, body }) => s.learn.chapterPage(site.id, actor.id, body));
  on(l.accessoryDownload, ({ site, actor, body }) => s.learn.download(site.id, actor.id, body.accessoryId));
  on(l.collectionSave, ({ site, actor, body }) => s.collections.save(site.id, actor.id, body.courseId));
  on(l.collectionDelete, ({ site, actor, body }) => s.collections.remove(site.id, actor.id, body.courseId));
  on(l.courseCommentSave, ({ site, actor, body }) => s.comments.save(site.id, actor.id, body));
  on(l.courseCommentList, ({ site, actor, body }) => s.comments.page(site.id, actor.id, body));
  on(l.courseCommentListPublic, ({ site, body }) => s.comments.page(site.id, null, body));
  on(l.courseCommentDelete, ({ site, actor, body }) => s.comments.remove(site.id, actor.id, body.id));
  on(l.userCourseList, ({ site, actor, body }) => s.learn.myCourses(site.id, actor.id, body));
  on(l.userCollectionList, ({ site, actor, body }) => s.collections.page(site.id, actor.id, body));
  on(l.userCollectionDelete, async ({ site, actor, body }) => {
    await s.collections.remove(site.id, actor.id, body.courseId);
    return null;
  });

  on(l.adminCoursePage, ({ site, body }) => s.courseAdmin.coursePage(site.id, body));
  on(l.adminUserCoursePage, ({ site, body }) => s.courseAdmin.grants(site.id, body));
  on(l.adminUserCourseGrant, ({ site, actor, body }) => s.courseAdmin.grant(site.id, actor.id, body));
  on(l.adminUserCourseRevoke, ({ site, body }) => s.courseAdmin.revoke(site.id, body.id));
}

/** As long as the download link itself is valid. */
const DOWNLOAD_URL_SECONDS = 300;

/**
 * The file behind a download link of /course/auth/course/accessory/download. Not a JSON call: it answers with
 * the file, or 404 for a link that is unknown or past its five minutes.
 */
export function accessoryFileRoute(
  http: FastifyInstance,
  learn: LearnService,
  storage: Pick<Storage, 'read' | 'exists' | 'signedUrl'>,
  opts: { redirect: boolean },
): void {
  http.get<{ Params: { token: string } }>('/course/api/course/accessory/file/:token', async (req, reply) => {
    const file = await learn.downloadFile(req.site.id, req.params.token);
    if (!file || !(await storage.exists(file.key)))
      return reply.status(404).type('text/plain; charset=utf-8').send('下载链接无效或已过期，请回到课程页重新下载');
    // from the object store itself, by a URL that lapses with the download link: the bytes skip this process
    if (opts.redirect && storage.signedUrl) {
      const url = await storage.signedUrl(file.key, DOWNLOAD_URL_SECONDS, file.name);
      return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    }
    return reply
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, no-store')
      .type('application/octet-stream')
      .send(storage.read(file.key));
  });
}
