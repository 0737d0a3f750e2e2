import type { BlogService } from './blog.service.ts';
import type { BlogCommentService } from './blog-comment.service.ts';
import type { ReportableContent } from './content-guard.ts';

const QUOTE = 40;

/** What the report queue may do with a post and with a comment: describe it, hide it, bring it back. */
export function blogReportables(blogs: BlogService, comments: BlogCommentService): ReportableContent[] {
  return [
    {
      kind: 'blog',
      async describe(siteId, id) {
        const row = await blogs.repo.byId(siteId, id);
        return row
          ? { title: row.title, url: `/blog/article/${row.id}`, authorId: row.userId, hidden: row.isHidden === 1 }
          : null;
      },
      hide: async (siteId, id) => void (await blogs.adminFlags(siteId, String(id), { isHidden: 1 })),
      restore: async (siteId, id) => void (await blogs.adminFlags(siteId, String(id), { isHidden: 0 })),
    },
    {
      kind: 'blogComment',
      async describe(siteId, id) {
        const row = await comments.repo.byId(siteId, id);
        return row
          ? {
              title: row.content.length > QUOTE ? `${row.content.slice(0, QUOTE)}…` : row.content,
              url: `/blog/article/${row.blogId}#comment-${row.id}`,
              authorId: row.userId,
              hidden: row.isHidden === 1,
            }
          : null;
      },
      hide: async (siteId, id) => void (await comments.setHidden(siteId, id, 1)),
      restore: async (siteId, id) => void (await comments.setHidden(siteId, id, 0)),
    },
  ];
}
