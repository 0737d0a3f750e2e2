import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import {
  blogCollectionList,
  blogMyList,
  blogViewAuth,
  bloggerFollowList,
  bloggerMyself,
  fansList,
} from '#contract/community-blog.ts';
import { pageLoad, requireUser, type LoaderArgsLike } from '../../lib/session-load.ts';

/** 我的博客's tabs (`?tab=`), the same on the PC page and its H5 twin. */
export const BLOG_ACCOUNT_TABS = [
  ['posts', '已发布'],
  ['drafts', '草稿'],
  ['collections', '我的收藏'],
  ['fans', '粉丝'],
  ['follows', '关注'],
  ['profile', '博主资料'],
] as const;
export type BlogAccountTab = (typeof BLOG_ACCOUNT_TABS)[number][0];

/**
 * 我的博客, PC and phone: my blogger card and one page of the tab asked for — my published posts or drafts, the
 * posts I collected, my fans or the bloggers I follow (none for the profile tab).
 */
export async function loadMyBlog(args: LoaderArgsLike, pageSize: number) {
  await requireUser(args);
  const p = new URL(args.request.url).searchParams;
  const tab: BlogAccountTab = BLOG_ACCOUNT_TABS.find(([k]) => k === p.get('tab'))?.[0] ?? 'posts';
  const n = Number(p.get('page'));
  const q = { pageCurrent: Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1, pageSize };
  const me = await pageLoad(args, bloggerMyself);
  const posts =
    tab === 'posts' || tab === 'drafts'
      ? await pageLoad(args, blogMyList, { ...q, isPublish: tab === 'posts' ? 1 : 0 })
      : tab === 'collections'
        ? await pageLoad(args, blogCollectionList, q)
        : null;
  const people =
    tab === 'fans'
      ? await pageLoad(args, fansList, q)
      : tab === 'follows'
        ? await pageLoad(args, bloggerFollowList, q)
        : null;
  return { tab, me, posts, people };
}

/**
 * 写博客, PC and phone: the post `?id=` names, to edit, or null for a new one. Someone else's post is no page to
 * edit here: saving it would be refused.
 */
export async function loadPostToEdit(args: LoaderArgsLike) {
  await requireUser(args);
  const id = new URL(args.request.url).searchParams.get('id') ?? '';
  const post = isId(id) ? await pageLoad(args, blogViewAuth, { id }) : null;
  if (post && post.canEdit !== 1) throw data(null, { status: 404 });
  return { post };
}
