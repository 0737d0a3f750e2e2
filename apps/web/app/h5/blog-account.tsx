import { Link } from '../components/link.tsx';
import type { Route } from './+types/blog-account.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { BLOG_ACCOUNT_TABS, loadMyBlog } from '../features/community/blog-account-load.ts';
import { H5MyPeople, H5MyPosts } from './blog-account-rows.tsx';
import { H5BloggerProfileForm } from './blogger-profile-form.tsx';
import { H5Face } from './face.tsx';
import { H5Chip } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { h5Href } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-blog.css';
import './h5-lists.css';
import './h5-pages.css';
import './h5-question.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyBlog(args, 10);
}

/**
 * /h5/blog/account — 我的博客 on a phone, the PC page's tabs as chips: my posts and drafts with their state, counts,
 * 编辑 and 删除; the posts I collected; my fans and the bloggers I follow; my blogger profile.
 */
export default function H5MyBlog({ loaderData }: Route.ComponentProps) {
  const { tab, me, posts, people } = loaderData;
  const page = posts ?? people;
  return (
    <>
      <PageMeta title="我的博客" />
      <H5Header title="我的博客" />
      <section className="h5-blogger">
        <H5Face src={me.headImgUrl} name={me.nickname || '博'} size={64} />
        <div className="h5-blogger__text">
          <h1>{me.nickname}</h1>
          {/* on a narrow phone the counts wrap between each other, never inside one */}
          <p className="h5-muted h5-my-blog__counts">
            <span>{me.articleCount} 篇博客</span> · <span>{me.fansCount} 粉丝</span> · <span>{me.likeCount} 获赞</span>
          </p>
          <Link to={`/h5/blog/blogger/${me.userId}`} className="h5-my-blog__home">
            我的博主主页
          </Link>
        </div>
        <Link to={h5Href('/blog/account/write')} className="h5-button h5-button--primary">
          写博客
        </Link>
      </section>
      <nav className="h5-chips" aria-label="我的博客栏目">
        {BLOG_ACCOUNT_TABS.map(([k, label]) => (
          <H5Chip key={k} to={k === 'posts' ? '/h5/blog/account' : `/h5/blog/account?tab=${k}`} replace on={tab === k}>
            {label}
          </H5Chip>
        ))}
      </nav>
      {posts ? <H5MyPosts tab={tab} list={posts.list} totalCount={posts.totalCount} /> : null}
      {people ? <H5MyPeople tab={tab} list={people.list} totalCount={people.totalCount} me={me.userId} /> : null}
      {tab === 'profile' ? <H5BloggerProfileForm me={me} /> : null}
      {page ? <H5Pager page={page} /> : null}
    </>
  );
}
