import { Button } from 'antd';
import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { BLOG_RECORD, type TBlogView } from '#contract/community-blog.ts';
import { loginUrl } from '../../lib/session.ts';
import { useBlogRecords } from './use-blog-reactions.ts';

/** Like and collect under a post; a visitor goes to the login page and comes back. */
export function BlogActions({ post, viewer }: { post: TBlogView; viewer: boolean }) {
  const navigate = useNavigate();
  const { state, pending, toggle } = useBlogRecords(
    post,
    viewer,
    () => void navigate(loginUrl(`/blog/article/${post.id}`)),
  );
  return (
    <div className="qk-blog-actions">
      <Button
        icon={state.isLike ? <HeartFilled /> : <HeartOutlined />}
        type={state.isLike ? 'primary' : 'default'}
        disabled={pending}
        aria-pressed={state.isLike === 1}
        onClick={() => void toggle(BLOG_RECORD.like, state.isLike !== 1)}
      >
        {state.isLike ? '已点赞' : '点赞'} {state.likeCount}
      </Button>
      <Button
        icon={state.isCollect ? <StarFilled /> : <StarOutlined />}
        type={state.isCollect ? 'primary' : 'default'}
        disabled={pending}
        aria-pressed={state.isCollect === 1}
        onClick={() => void toggle(BLOG_RECORD.collect, state.isCollect !== 1)}
      >
        {state.isCollect ? '已收藏' : '收藏'} {state.collectionCount}
      </Button>
    </div>
  );
}
