import type { TBlogComment, TBlogItem, TBlogView, TBlogger } from '#contract/community-blog.ts';
import type { TInfoArticleBrief } from '#contract/website-info.ts';
import { formatTime } from '../../platform/time.ts';
import type { BlogListRow, BlogRow } from './blog.repo.ts';
import type { BloggerRow } from './blogger.repo.ts';
import type { BlogCommentRow } from './blog-comment.repo.ts';

/** Who wrote something, as lists show them: the blogger's own name and picture, else the account's. */
export interface Author {
  nickname: string;
  headImgUrl: string;
}
export const NO_AUTHOR: Author = { nickname: '已注销用户', headImgUrl: '' };

export const tagsOf = (tags: string): string[] => (tags ? tags.split(',') : []);

export function presentBlogItem(r: BlogListRow, author: Author = NO_AUTHOR): TBlogItem {
  return {
    id: String(r.id),
    articleType: r.articleType,
    title: r.title,
    summary: r.summary,
    artPic: r.artPic,
    tags: tagsOf(r.tags),
    userId: String(r.userId),
    nickname: author.nickname,
    headImgUrl: author.headImgUrl,
    viewCount: r.viewCount,
    likeCount: r.likeCount,
    collectionCount: r.collectionCount,
    commentCount: r.commentCount,
    isPublish: r.isPublish,
    isHidden: r.isHidden,
    isRecommend: r.isRecommend,
    publishTime: formatTime(r.publishTime),
    gmtCreate: formatTime(r.gmtCreate),
    gmtModified: formatTime(r.gmtModified),
    url: `/blog/article/${r.id}`,
  };
}

export function presentBlogView(
  r: BlogRow,
  author: Author,
  reader: { isLike: boolean; isCollect: boolean; isFollow: boolean; canEdit: boolean },
): TBlogView {
  return {
    ...presentBlogItem(r, author),
    content: r.content,
    isLike: reader.isLike ? 1 : 0,
    isCollect: reader.isCollect ? 1 : 0,
    isFollow: reader.isFollow ? 1 : 0,
    canEdit: reader.canEdit ? 1 : 0,
  };
}

/** A news article of the information centre as an item of the one feed (decision 22). */
export function presentNewsItem(a: TInfoArticleBrief): TBlogItem {
  return {
    id: a.id,
    articleType: 2,
    title: a.artTitle,
    summary: a.summary,
    artPic: a.artPic,
    tags: [a.navName],
    userId: '',
    nickname: a.navName,
    headImgUrl: '',
    viewCount: 0,
    likeCount: 0,
    collectionCount: 0,
    commentCount: 0,
    isPublish: 1,
    isHidden: 0,
    isRecommend: 0,
    publishTime: a.gmtModified,
    gmtCreate: a.gmtModified,
    gmtModified: a.gmtModified,
    url: `/info/detail/${a.id}`,
  };
}

export function presentBlogger(
  userId: bigint,
  row: BloggerRow | undefined,
  account: Author,
  isFollow: boolean,
): TBlogger {
  return {
    userId: String(userId),
    nickname: row?.nickname || account.nickname,
    headImgUrl: row?.headImgUrl || account.headImgUrl,
    introduce: row?.introduce ?? '',
    articleCount: row?.articleCount ?? 0,
    fansCount: row?.fansCount ?? 0,
    likeCount: row?.likeCount ?? 0,
    isRecommend: row?.isRecommend ?? 0,
    isFollow: isFollow ? 1 : 0,
  };
}

export function presentComment(
  r: BlogCommentRow,
  authors: Map<bigint, Author>,
  canDelete: boolean,
  replyList: TBlogComment[] = [],
): TBlogComment {
  const author = authors.get(r.userId) ?? NO_AUTHOR;
  const replied = r.replyUserId ? (authors.get(r.replyUserId) ?? NO_AUTHOR) : null;
  return {
    id: String(r.id),
    blogId: String(r.blogId),
    parentId: r.parentId ? String(r.parentId) : '',
    userId: String(r.userId),
    nickname: author.nickname,
    headImgUrl: author.headImgUrl,
    replyUserId: r.replyUserId ? String(r.replyUserId) : '',
    replyNickname: replied?.nickname ?? '',
    content: r.content,
    gmtCreate: formatTime(r.gmtCreate),
    canDelete: canDelete ? 1 : 0,
    replyList,
  };
}
