import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import {
  blogCommentDelete,
  blogCommentList,
  blogCommentListPublic,
  blogCommentSave,
  type TBlogComment,
} from '#contract/community-blog.ts';
import { api, inlineMessage } from '../../api/client.ts';

export type BlogCommentPage = CallData<typeof blogCommentList>;
export const COMMENT_PAGE_SIZE = 10;

/**
 * A post's comments as one reader sees them and changes them: newest first, replies under their comment, more
 * paged in at the end. The PC and phone pages differ only in how they tell (`notify`) and ask (`confirm`).
 */
export function useBlogComments(opts: {
  blogId: string;
  initial: BlogCommentPage;
  viewer: boolean;
  notify: (text: string) => void;
  confirm: (question: string) => Promise<boolean>;
}) {
  const { blogId, initial, viewer, notify, confirm } = opts;
  const [list, setList] = useState(initial.list);
  const [total, setTotal] = useState(initial.totalCount);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  async function save(text: string, parent?: TBlogComment): Promise<boolean> {
    if (!text.trim()) {
      setError('请填写评论内容');
      return false;
    }
    setError(null);
    try {
      const saved = await api(blogCommentSave, { blogId, content: text, parentId: parent?.id });
      if (saved.parentId) {
        setList(list.map((c) => (c.id === saved.parentId ? { ...c, replyList: [...c.replyList, saved] } : c)));
      } else {
        setList([saved, ...list]);
        setTotal(total + 1);
      }
      notify(parent ? '回复已发表' : '评论已发表');
      return true;
    } catch (err) {
      setError(inlineMessage(err, '发表失败，请稍后再试'));
      return false;
    }
  }

  async function remove(c: TBlogComment) {
    if (!(await confirm('确定删除这条评论？'))) return;
    try {
      await api(blogCommentDelete, { id: c.id });
      if (c.parentId) {
        setList(
          list.map((x) => (x.id === c.parentId ? { ...x, replyList: x.replyList.filter((r) => r.id !== c.id) } : x)),
        );
      } else {
        setList(list.filter((x) => x.id !== c.id));
        setTotal(total - 1);
      }
      notify('评论已删除');
    } catch {
      // the response handler has shown why
    }
  }

  async function more() {
    try {
      const next = await api(viewer ? blogCommentList : blogCommentListPublic, {
        blogId,
        pageCurrent: page + 1,
        pageSize: COMMENT_PAGE_SIZE,
      });
      const seen = new Set(list.map((c) => c.id));
      setList([...list, ...next.list.filter((c) => !seen.has(c.id))]);
      setPage(page + 1);
    } catch {
      // the response handler has shown why
    }
  }

  return { list, total, error, save, remove, more, hasMore: list.length < total };
}
