import { Link } from '../../components/link.tsx';
import type { TBlogItem } from '#contract/community-blog.ts';

/** A post in a list: cover, title, summary, labels, author and counts. News lead to their information page. */
export function BlogCard({ b, actions }: { b: TBlogItem; actions?: React.ReactNode }) {
  return (
    <li className="qk-blog-card">
      <div className="qk-blog-card__body">
        <h3 className="qk-blog-card__title">
          <Link to={b.url}>{b.title}</Link>
          {b.isPublish === 0 ? <span className="qk-blog-tag is-draft">草稿</span> : null}
          {b.isHidden === 1 ? <span className="qk-blog-tag is-hidden">已隐藏</span> : null}
        </h3>
        {b.summary ? <p className="qk-blog-card__summary">{b.summary}</p> : null}
        <div className="qk-blog-card__meta">
          {b.userId ? <Link to={`/blog/blogger/${b.userId}`}>{b.nickname}</Link> : <span>{b.nickname}</span>}
          <time dateTime={(b.publishTime || b.gmtModified).replace(' ', 'T')}>
            {(b.publishTime || b.gmtModified).slice(0, 10)}
          </time>
          {b.articleType === 1 ? (
            <span>
              阅读 {b.viewCount} · 点赞 {b.likeCount} · 评论 {b.commentCount}
            </span>
          ) : null}
          {b.tags.map((t) => (
            <Link key={t} className="qk-blog-tag" to={`/blog?tag=${encodeURIComponent(t)}`}>
              {t}
            </Link>
          ))}
          {actions}
        </div>
      </div>
      {b.artPic ? (
        <Link to={b.url} className="qk-blog-card__pic" tabIndex={-1} aria-hidden>
          <img src={b.artPic} alt="" loading="lazy" />
        </Link>
      ) : null}
    </li>
  );
}

export function BlogList({ list, empty = '暂无博客' }: { list: TBlogItem[]; empty?: string }) {
  if (list.length === 0) return <p className="qk-blog-empty">{empty}</p>;
  return (
    <ul className="qk-blog-list">
      {list.map((b) => (
        <BlogCard key={b.id} b={b} />
      ))}
    </ul>
  );
}
