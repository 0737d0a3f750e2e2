import { Link } from '../../components/link.tsx';
import type { TBlogger } from '#contract/community-blog.ts';
import { FollowBloggerButton } from './follow-blogger-button.tsx';

export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  return src ? (
    <img className="qk-blog-avatar" src={src} alt="" width={size} height={size} />
  ) : (
    <span className="qk-blog-avatar" style={{ width: size, height: size, lineHeight: `${size}px` }} aria-hidden>
      {(name || '博').slice(0, 1)}
    </span>
  );
}

/** A blogger in a side list: picture, name, counts and the follow button. */
export function BloggerCard({ b, me }: { b: TBlogger; me: string | null }) {
  return (
    <li className="qk-blogger-card">
      <Avatar src={b.headImgUrl} name={b.nickname} />
      <div className="qk-blogger-card__body">
        <Link to={`/blog/blogger/${b.userId}`} className="qk-blogger-card__name">
          {b.nickname}
        </Link>
        <span className="qk-muted">
          {b.articleCount} 篇 · {b.fansCount} 粉丝
        </span>
      </div>
      {me !== b.userId ? <FollowBloggerButton userId={b.userId} initial={b.isFollow === 1} small /> : null}
    </li>
  );
}
