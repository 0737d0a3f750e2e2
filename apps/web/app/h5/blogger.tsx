import { useState } from 'react';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/blogger.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadBlogger } from '../features/community/blog-load.ts';
import { useRootData } from '../lib/root-data.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5FollowButton } from './blog-reactions.tsx';
import { H5BlogItems } from './blog-list.tsx';
import './h5-blog.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadBlogger(args, args.params.id ?? '', PAGE_SIZE);
}

/** /h5/blog/blogger/:id — a blogger on a phone: profile, counts, follow, and their posts a page at a time. */
export default function H5Blogger({ loaderData }: Route.ComponentProps) {
  const { blogger: b, posts } = loaderData;
  const me = useRootData()?.user?.id ?? null;
  const [fans, setFans] = useState(b.fansCount);
  const here = `/h5/blog/blogger/${b.userId}`;
  const description = b.introduce || `${b.nickname} 的博客`;
  const href = (n: number) => (n > 1 ? `${here}?page=${n}` : here);
  return (
    <>
      <PageMeta
        title={`${b.nickname}的博客`}
        description={description}
        type="profile"
        url={`/blog/blogger/${b.userId}`}
      />
      <H5Header title="博主" />
      <header className="h5-blogger">
        {b.headImgUrl ? <img src={b.headImgUrl} alt="" width={64} height={64} /> : null}
        <div className="h5-blogger__text">
          <h1>{b.nickname}</h1>
          {b.introduce ? <p className="h5-pre">{b.introduce}</p> : null}
          <p className="h5-muted">
            {b.articleCount} 篇博客 · {fans} 粉丝 · {b.likeCount} 获赞
          </p>
        </div>
        {me !== b.userId ? (
          <H5FollowButton
            userId={b.userId}
            initial={b.isFollow === 1}
            signedIn={me !== null}
            back={here}
            onChange={setFans}
          />
        ) : null}
      </header>
      <H5BlogItems list={posts.list} label={`${b.nickname}的博客，共 ${posts.totalCount} 篇`} />
      {posts.list.length === 0 ? <p className="h5-muted h5-blog-empty">这位博主还没有发布博客</p> : null}
      <nav className="h5-blog-pager" aria-label="翻页">
        {posts.pageCurrent > 1 ? <Link to={href(posts.pageCurrent - 1)}>上一页</Link> : <span />}
        {posts.pageCurrent < posts.totalPage ? <Link to={href(posts.pageCurrent + 1)}>下一页</Link> : null}
      </nav>
      <H5Footer />
    </>
  );
}
