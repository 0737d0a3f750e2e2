import { Pagination } from 'antd';
import { useNavigate } from 'react-router';
import type { Route } from './+types/blogger.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { BlogList } from '../../features/community/blog-card.tsx';
import { Avatar } from '../../features/community/blogger-card.tsx';
import { FollowBloggerButton } from '../../features/community/follow-blogger-button.tsx';
import { loadBlogger } from '../../features/community/blog-load.ts';
import '../../features/community/blog.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadBlogger(args, args.params.id ?? '', PAGE_SIZE);
}

/** /blog/blogger/:id — a blogger's page: profile, counts, follow, and their posts. */
export default function BloggerPage({ loaderData }: Route.ComponentProps) {
  const { blogger: b, posts } = loaderData;
  const me = useRootData()?.user?.id ?? null;
  const navigate = useNavigate();
  const description = b.introduce || `${b.nickname} 的博客`;
  return (
    <div className="qk-container qk-page qk-blog">
      <PageMeta
        title={`${b.nickname}的博客`}
        description={description}
        type="profile"
        url={`/blog/blogger/${b.userId}`}
      />
      <div className="qk-blog__main">
        <header className="qk-blogger-head">
          <Avatar src={b.headImgUrl} name={b.nickname} size={80} />
          <div>
            <h1>{b.nickname}</h1>
            {b.introduce ? <p className="qk-pre">{b.introduce}</p> : null}
            <p className="qk-muted">
              {b.articleCount} 篇博客 · {b.fansCount} 粉丝 · {b.likeCount} 获赞
            </p>
          </div>
          {me !== b.userId ? <FollowBloggerButton userId={b.userId} initial={b.isFollow === 1} /> : null}
        </header>
        <BlogList list={posts.list} empty="这位博主还没有发布博客" />
        {posts.totalPage > 1 ? (
          <Pagination
            className="qk-blog__pager"
            current={posts.pageCurrent}
            pageSize={posts.pageSize}
            total={posts.totalCount}
            showSizeChanger={false}
            onChange={(n) => void navigate(`/blog/blogger/${b.userId}?page=${n}`)}
          />
        ) : null}
      </div>
    </div>
  );
}
