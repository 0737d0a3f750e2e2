import { Button, Input, Pagination } from 'antd';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { blogCollectionDelete, blogDelete, bloggerUpdate, type TBlogger } from '#contract/community-blog.ts';
import type { Route } from './+types/account.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { showSuccess } from '../../lib/toast.ts';
import { ImageUpload } from '../../features/account/image-upload.tsx';
import { BLOG_ACCOUNT_TABS, loadMyBlog } from '../../features/community/blog-account-load.ts';
import { BlogCard } from '../../features/community/blog-card.tsx';
import { Avatar, BloggerCard } from '../../features/community/blogger-card.tsx';
import 'virtual:antd-all.css';
import '../../features/community/blog.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadMyBlog(args, PAGE_SIZE);
}

function ProfileForm({ me }: { me: TBlogger }) {
  const [v, setV] = useState({ nickname: me.nickname, headImgUrl: me.headImgUrl, introduce: me.introduce });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { revalidate } = useRevalidator();
  async function save() {
    setPending(true);
    setError(null);
    try {
      await api(bloggerUpdate, v);
      showSuccess('博主资料已保存');
      void revalidate();
    } catch (err) {
      setError(inlineMessage(err, '保存失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }
  return (
    <form
      className="qk-blog-profile-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        <span>头像</span>
        <ImageUpload value={v.headImgUrl} onChange={(headImgUrl) => setV({ ...v, headImgUrl })} round />
      </label>
      <label>
        <span>博主昵称</span>
        <Input value={v.nickname} maxLength={20} onChange={(e) => setV({ ...v, nickname: e.target.value })} />
      </label>
      <label>
        <span>博主简介</span>
        <Input.TextArea
          value={v.introduce}
          maxLength={200}
          autoSize={{ minRows: 3 }}
          onChange={(e) => setV({ ...v, introduce: e.target.value })}
        />
      </label>
      {error ? (
        <p className="qk-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="primary" htmlType="submit" loading={pending}>
        保存
      </Button>
    </form>
  );
}

/** /blog/account — my blog: posts and drafts, collections, fans and follows, and my blogger profile. */
export default function BlogAccount({ loaderData }: Route.ComponentProps) {
  const { tab, me, posts, people } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const page = posts ?? people;
  async function act(fn: () => Promise<unknown>, done: string) {
    try {
      await fn();
      showSuccess(done);
      void revalidate();
    } catch {
      // the response handler has shown why
    }
  }
  return (
    <div className="qk-container qk-page qk-blog">
      <PageMeta title="我的博客" />
      <aside className="qk-blog__side qk-blog-me">
        <section className="qk-blog-box qk-blog-author">
          <Avatar src={me.headImgUrl} name={me.nickname} size={64} />
          <Link to={`/blog/blogger/${me.userId}`} className="qk-blogger-card__name">
            {me.nickname}
          </Link>
          <p className="qk-muted">
            {me.articleCount} 篇博客 · {me.fansCount} 粉丝 · {me.likeCount} 获赞
          </p>
          <Button type="primary" href="/blog/account/write">
            写博客
          </Button>
        </section>
      </aside>
      <div className="qk-blog__main">
        <nav className="qk-blog-tabs" aria-label="我的博客">
          {BLOG_ACCOUNT_TABS.map(([k, label]) => (
            <Link key={k} to={`/blog/account?tab=${k}`} className={k === tab ? 'is-active' : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        {tab === 'profile' ? <ProfileForm me={me} /> : null}
        {posts ? (
          posts.list.length === 0 ? (
            <p className="qk-blog-empty">
              {tab === 'collections' ? '还没有收藏博客' : tab === 'drafts' ? '没有草稿' : '还没有发布博客'}
            </p>
          ) : (
            <ul className="qk-blog-list">
              {posts.list.map((b) => (
                <BlogCard
                  key={b.id}
                  b={b}
                  actions={
                    tab === 'collections' ? (
                      <button
                        type="button"
                        className="qk-link-button"
                        onClick={() => void act(() => api(blogCollectionDelete, { blogId: b.id }), '已取消收藏')}
                      >
                        取消收藏
                      </button>
                    ) : (
                      <>
                        <Link to={`/blog/account/write?id=${b.id}`}>编辑</Link>
                        <button
                          type="button"
                          className="qk-link-button is-danger"
                          onClick={() => {
                            if (window.confirm(`确定删除《${b.title}》？评论会一起删除。`))
                              void act(() => api(blogDelete, { id: b.id }), '博客已删除');
                          }}
                        >
                          删除
                        </button>
                      </>
                    )
                  }
                />
              ))}
            </ul>
          )
        ) : null}
        {people ? (
          people.list.length === 0 ? (
            <p className="qk-blog-empty">{tab === 'fans' ? '还没有粉丝' : '还没有关注博主'}</p>
          ) : (
            <ul className="qk-blogger-list is-wide">
              {people.list.map((b) => (
                <BloggerCard key={b.userId} b={b} me={me.userId} />
              ))}
            </ul>
          )
        ) : null}
        {page && page.totalPage > 1 ? (
          <Pagination
            className="qk-blog__pager"
            current={page.pageCurrent}
            pageSize={page.pageSize}
            total={page.totalCount}
            showSizeChanger={false}
            onChange={(n) => void navigate(`/blog/account?tab=${tab}&page=${n}`)}
          />
        ) : null}
      </div>
    </div>
  );
}
