import { useNavigate } from 'react-router';
import { BLOG_RECORD, type TBlogView } from '#contract/community-blog.ts';
import { useBlogRecords, useFollowBlogger } from '../features/community/use-blog-reactions.ts';
import { h5LoginPath } from './h5-links.ts';

/** Like and collect under a post on a phone; a visitor goes to the H5 login page and comes back. */
export function H5BlogActions({ post, viewer }: { post: TBlogView; viewer: boolean }) {
  const navigate = useNavigate();
  const here = `/h5/blog/article/${post.id}`;
  const { state, pending, toggle } = useBlogRecords(post, viewer, () => void navigate(h5LoginPath(here)));
  return (
    <div className="h5-answer__actions h5-blog-actions">
      <button
        type="button"
        className={state.isLike ? 'is-on' : undefined}
        aria-pressed={state.isLike === 1}
        disabled={pending}
        onClick={() => void toggle(BLOG_RECORD.like, state.isLike !== 1)}
      >
        {state.isLike ? '已点赞' : '点赞'} {state.likeCount}
      </button>
      <button
        type="button"
        className={state.isCollect ? 'is-on' : undefined}
        aria-pressed={state.isCollect === 1}
        disabled={pending}
        onClick={() => void toggle(BLOG_RECORD.collect, state.isCollect !== 1)}
      >
        {state.isCollect ? '已收藏' : '收藏'} {state.collectionCount}
      </button>
    </div>
  );
}

/** Follow or unfollow a blogger on a phone. */
export function H5FollowButton({
  userId,
  initial,
  signedIn,
  back,
  onChange,
}: {
  userId: string;
  initial: boolean;
  signedIn: boolean;
  back: string;
  onChange?: (fansCount: number) => void;
}) {
  const navigate = useNavigate();
  const { following, pending, toggle } = useFollowBlogger(userId, initial, {
    signedIn,
    toLogin: () => void navigate(h5LoginPath(back)),
    onChange,
  });
  return (
    <button
      type="button"
      className={following ? 'h5-button' : 'h5-button h5-button--primary'}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {following ? '已关注' : '关注'}
    </button>
  );
}
