import * as c from '#contract/community-blog.ts';
import * as admin from '#contract/community-blog-admin.ts';
import type { Router } from '../../platform/http/route.ts';
import type { BlogService } from './blog.service.ts';
import type { BloggerService } from './blogger.service.ts';
import type { BlogCommentService } from './blog-comment.service.ts';

export function blogRoutes(on: Router, blogs: BlogService, bloggers: BloggerService, comments: BlogCommentService) {
  on(c.blogList, ({ site, body }) => blogs.list(site.id, null, body));
  on(c.blogView, ({ site, body }) => blogs.view(site.id, body.id, null));
  on(c.blogCommentListPublic, ({ site, body }) => comments.page(site.id, null, body));
  on(c.bloggerViewPublic, ({ site, body }) => bloggers.view(site.id, BigInt(body.userId), null));
  on(c.bloggerRecommendListPublic, ({ site }) => bloggers.recommended(site.id, null));
  on(c.blogSearchList, ({ site, body }) => blogs.search(site.id, body));
  on(c.articleRecommendList, ({ site, body }) => blogs.recommended(site.id, body.size));
  on(c.articleZoneCategoryList, ({ site }) => blogs.newsZones(site.id));
  on(c.articleZoneRefList, ({ site, body }) => blogs.news(site.id, body));

  on(c.bloggerSave, ({ site, actor, body }) => bloggers.save(site.id, actor.id, body));
  on(c.bloggerUpdate, ({ site, actor, body }) => bloggers.save(site.id, actor.id, body));
  on(c.bloggerMyself, ({ site, actor }) => bloggers.view(site.id, actor.id, null));
  on(c.bloggerView, ({ site, actor, body }) => bloggers.view(site.id, BigInt(body.userId), actor.id));
  on(c.bloggerRecommendList, ({ site, actor }) => bloggers.recommended(site.id, actor.id));
  on(c.blogAttentionList, ({ site, actor, body }) =>
    blogs.list(site.id, actor.id, { ...body, articleType: 1, tab: 2, tagName: '' }),
  );
  on(c.blogSave, ({ site, actor, body }) => blogs.save(site.id, actor.id, body));
  on(c.blogUpdate, ({ site, actor, body }) => blogs.update(site.id, actor.id, body.id, body));
  on(c.blogMyList, ({ site, actor, body }) => blogs.mine(site.id, actor.id, body));
  on(c.blogViewAuth, ({ site, actor, body }) => blogs.view(site.id, body.id, actor.id));
  on(c.blogRecordSave, ({ site, actor, body }) => blogs.record(site.id, actor.id, body.blogId, body.recordType, true));
  on(c.blogRecordDelete, ({ site, actor, body }) =>
    blogs.record(site.id, actor.id, body.blogId, body.recordType, false),
  );
  on(c.blogStand, ({ site, actor, body }) => blogs.stand(site.id, actor.id, body.blogId));
  on(c.bloggerFollowList, ({ site, actor, body }) => bloggers.followPage(site.id, actor.id, 'following', body));
  on(c.fansList, ({ site, actor, body }) => bloggers.followPage(site.id, actor.id, 'fans', body));
  on(c.fansSave, ({ site, actor, body }) => bloggers.follow(site.id, actor.id, BigInt(body.bloggerUserId), true));
  on(c.fansDelete, ({ site, actor, body }) => bloggers.follow(site.id, actor.id, BigInt(body.bloggerUserId), false));
  on(c.blogCollectionList, ({ site, actor, body }) => blogs.collected(site.id, actor.id, body));
  on(c.blogCollectionDelete, async ({ site, actor, body }) => {
    await blogs.record(site.id, actor.id, body.blogId, 2, false);
    return null;
  });
  on(c.blogDelete, ({ site, actor, body }) => blogs.remove(site.id, actor.id, body.id));
  on(c.blogCommentSave, ({ site, actor, body }) => comments.save(site.id, actor.id, body));
  on(c.blogCommentList, ({ site, actor, body }) => comments.page(site.id, actor.id, body));
  on(c.blogCommentDelete, ({ site, actor, body }) => comments.remove(site.id, actor.id, body.id));

  on(admin.adminBlogPage, ({ site, body }) => blogs.adminPage(site.id, body));
  on(admin.adminBlogHide, ({ site, body }) => blogs.adminFlags(site.id, body.id, { isHidden: body.isHidden }));
  on(admin.adminBlogRecommend, ({ site, body }) =>
    blogs.adminFlags(site.id, body.id, { isRecommend: body.isRecommend }),
  );
  on(admin.adminBlogDelete, ({ site, body }) => blogs.adminRemove(site.id, body.id));
  on(admin.adminBlogCommentPage, ({ site, body }) => comments.adminPage(site.id, body));
  on(admin.adminBlogCommentHide, ({ site, body }) => comments.setHidden(site.id, body.id, body.isHidden));
  on(admin.adminBlogCommentDelete, ({ site, body }) => comments.remove(site.id, null, body.id));
  on(admin.adminBloggerPage, ({ site, body }) => bloggers.adminPage(site.id, body));
  on(admin.adminBloggerRecommend, ({ site, body }) =>
    bloggers.recommend(site.id, BigInt(body.userId), body.isRecommend),
  );
}
