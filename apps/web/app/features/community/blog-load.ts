import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import {
  blogCommentList,
  blogCommentListPublic,
  blogList,
  blogSearchList,
  blogView,
  blogViewAuth,
  bloggerView,
  bloggerViewPublic,
} from '#contract/community-blog.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import type { LoaderArgsLike } from '../../lib/session-load.ts';
import { tokenOf } from '../../lib/session.ts';
import { pageOf } from '../pages/public-load.ts';
import { COMMENT_PAGE_SIZE } from './use-blog-comments.ts';

/** A post that does not exist (or this reader may not see) is the page's 404. */
const missing = (err: unknown): never => {
  if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
  throw err;
};

/**
 * A post's page, PC and phone alike: the post as this reader sees it (their like, collection and follow; their
 * own draft), its first comments once published, and its author's card. A read counts a view.
 */
export async function loadBlogArticle({ request, context }: LoaderArgsLike, id: string) {
  const { transport } = context.get(serverContext);
  if (!isId(id)) throw data(null, { status: 404 });
  let viewer = false;
  let post = null;
  if (tokenOf(request)) {
    try {
      post = await callWith(transport, blogViewAuth, { id });
      viewer = true;
    } catch (err) {
      if (!(err instanceof ApiError && err.needsLogin)) missing(err);
    }
  }
  post ??= await callWith(transport, blogView, { id }).catch(missing);
  const published = post.isPublish === 1 && post.isHidden === 0;
  const [comments, author] = await Promise.all([
    published
      ? callWith(transport, viewer ? blogCommentList : blogCommentListPublic, {
          blogId: id,
          pageCurrent: 1,
          pageSize: COMMENT_PAGE_SIZE,
        })
      : Promise.resolve(null),
    callWith(transport, viewer ? bloggerView : bloggerViewPublic, { userId: post.userId }),
  ]);
  return { post, comments, author, viewer, origin: new URL(request.url).origin };
}

/** A blogger's page: the card (with whether this reader follows) and a page of their posts (`?page=`). */
export async function loadBlogger({ request, context }: LoaderArgsLike, userId: string, pageSize: number) {
  const { transport } = context.get(serverContext);
  if (!isId(userId)) throw data(null, { status: 404 });
  const n = Number(new URL(request.url).searchParams.get('page'));
  const pageCurrent = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  const blogger = tokenOf(request)
    ? await callWith(transport, bloggerView, { userId }).catch((err) => {
        if (err instanceof ApiError && err.needsLogin) return callWith(transport, bloggerViewPublic, { userId });
        return missing(err);
      })
    : await callWith(transport, bloggerViewPublic, { userId }).catch(missing);
  const posts = await callWith(transport, blogList, { userId, pageCurrent, pageSize });
  return { blogger, posts, origin: new URL(request.url).origin };
}

/** The blog search, PC and phone: a page of the posts holding ?keyword= (null when none is given). */
export async function loadBlogSearch({ request, context }: LoaderArgsLike, pageSize: number) {
  const keyword = (new URL(request.url).searchParams.get('keyword') ?? '').trim().slice(0, 50);
  const page = keyword
    ? await callWith(context.get(serverContext).transport, blogSearchList, {
        keyword,
        pageCurrent: pageOf(request),
        pageSize,
      })
    : null;
  return { keyword, page };
}
