import { Link } from '../components/link.tsx';
import { blogCollectionDelete, blogDelete, type TBlogItem, type TBlogger } from '#contract/community-blog.ts';
import { api } from '../api/client.ts';
import type { BlogAccountTab } from '../features/community/blog-account-load.ts';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5FollowButton } from './blog-reactions.tsx';
import { h5Href } from './h5-links.ts';
import { H5PersonRow } from './person-row.tsx';

const EMPTY: Partial<Record<BlogAccountTab, string>> = {
  posts: '还没有发布博客',
  drafts: '没有草稿',
  collections: '还没有收藏博客',
  fans: '还没有粉丝',
  follows: '还没有关注博主',
};

function Empty({ tab }: { tab: BlogAccountTab }) {
  const mine = tab === 'posts' || tab === 'drafts';
  return (
    <div className="h5-empty">
      <p>{EMPTY[tab]}</p>
      <Link className="h5-button h5-button--primary" to={mine ? h5Href('/blog/account/write') : '/h5/blog'}>
        {mine ? '写一篇博客' : '去看看大家的博客'}
      </Link>
    </div>
  );
}

/** When a post of mine was saved or published, or a collected post's author and date. */
function when(tab: BlogAccountTab, b: TBlogItem): string {
  if (tab === 'collections') return `${b.nickname} · ${(b.publishTime || b.gmtModified).slice(0, 10)}`;
  return b.isPublish === 1 ? `发布于 ${b.publishTime.slice(0, 16)}` : `保存于 ${b.gmtModified.slice(0, 16)}`;
}

/**
 * My posts or drafts, each with its state, counts, 编辑 and 删除; or the posts I collected, each with 取消收藏.
 * Removing asks first.
 */
export function H5MyPosts({ tab, list, totalCount }: { tab: BlogAccountTab; list: TBlogItem[]; totalCount: number }) {
  const confirmRemove = useConfirmedRemove();
  if (list.length === 0) return <Empty tab={tab} />;
  const collected = tab === 'collections';
  const remove = (b: TBlogItem) =>
    collected
      ? confirmRemove(
          { content: `取消收藏“${b.title}”？`, confirmText: '取消收藏', cancelText: '再想想' },
          () => api(blogCollectionDelete, { blogId: b.id }),
          '已取消收藏',
        )
      : confirmRemove(
          { content: `删除“${b.title}”？评论会一起删除，删除后不能恢复。`, confirmText: '删除', cancelText: '再想想' },
          () => api(blogDelete, { id: b.id }),
          '博客已删除',
        );
  const noun = tab === 'drafts' ? '草稿' : collected ? '收藏的博客' : '已发布的博客';
  return (
    <ul className="h5-list h5-collected h5-my-posts" aria-label={`${noun}，共 ${totalCount} 篇`}>
      {list.map((b) => (
        <li key={b.id}>
          <Link className="h5-my-posts__link" to={`/h5/blog/article/${b.id}`}>
            <span className="h5-my-posts__text">
              <strong className="h5-rows__title">{b.title}</strong>
              {b.isPublish === 0 || b.isHidden === 1 ? (
                <span className="h5-my-posts__states">
                  {b.isPublish === 0 ? <span className="h5-q-tag">草稿</span> : null}
                  {b.isHidden === 1 ? <span className="h5-danger">已被管理员隐藏，只有你能看到</span> : null}
                </span>
              ) : null}
              {b.summary ? <span className="h5-muted h5-rows__title">{b.summary}</span> : null}
              {b.isPublish === 1 ? (
                <span className="h5-muted">
                  阅读 {b.viewCount} · 点赞 {b.likeCount} · 评论 {b.commentCount} · 收藏 {b.collectionCount}
                </span>
              ) : null}
            </span>
            {b.artPic ? <img src={b.artPic} alt="" loading="lazy" /> : null}
          </Link>
          <div className="h5-collected__foot">
            <span className="h5-muted">{when(tab, b)}</span>
            <span className="h5-my-posts__actions">
              {collected ? null : (
                <Link
                  className="h5-button"
                  to={h5Href(`/blog/account/write?id=${b.id}`)}
                  aria-label={`编辑“${b.title}”`}
                >
                  编辑
                </Link>
              )}
              <button
                type="button"
                className="h5-button"
                aria-label={`${collected ? '取消收藏' : '删除'}“${b.title}”`}
                onClick={() => void remove(b)}
              >
                {collected ? '取消收藏' : '删除'}
              </button>
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** My fans or the bloggers I follow, each a tap from their page, with 关注 / 已关注 beside them. */
export function H5MyPeople({
  tab,
  list,
  totalCount,
  me,
}: {
  tab: BlogAccountTab;
  list: TBlogger[];
  totalCount: number;
  me: string;
}) {
  if (list.length === 0) return <Empty tab={tab} />;
  return (
    <ul className="h5-pages__list" aria-label={`${tab === 'fans' ? '我的粉丝' : '我关注的博主'}，共 ${totalCount} 位`}>
      {list.map((b) => (
        <li key={b.userId} className="h5-followed">
          <H5PersonRow
            to={`/h5/blog/blogger/${b.userId}`}
            name={b.nickname}
            headImgUrl={b.headImgUrl}
            position=""
            note={`${b.articleCount} 篇博客 · ${b.fansCount} 粉丝`}
          />
          {b.userId !== me ? (
            <H5FollowButton
              userId={b.userId}
              initial={b.isFollow === 1}
              signedIn
              back={`/h5/blog/account?tab=${tab}`}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
