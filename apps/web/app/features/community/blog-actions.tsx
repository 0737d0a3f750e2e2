import { Button } from 'antd';
import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BLOG_RECORD, blogRecordDelete, blogRecordSave, type TBlogView } from '#contract/community-blog.ts';
import { api } from '../../api/client.ts';
import { loginUrl } from '../../lib/session.ts';

/** Like and collect under a post; a visitor goes to the login page and comes back. */
export function BlogActions({ post, viewer }: { post: TBlogView; viewer: boolean }) {
  const navigate = useNavigate();
  const [state, setState] = useState({
    isLike: post.isLike,
    isCollect: post.isCollect,
    likeCount: post.likeCount,
    collectionCount: post.collectionCount,
  });
  const [pending, setPending] = useState(false);
  async function toggle(recordType: number, on: boolean) {
    if (!viewer) return void navigate(loginUrl(`/blog/article/${post.id}`));
    setPending(true);
    try {
      setState(await api(on ? blogRecordSave : blogRecordDelete, { blogId: post.id, recordType }));
    } catch {
      // the response handler has shown why
    } finally {
      setPending(false);
    }
  }
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
