import { useEffect, useState } from 'react';
import { BellOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '../link.tsx';
import { Limits } from '#contract/codes.ts';
import { msgUserNum } from '#contract/message.ts';
import { userDetail } from '../../api/client.ts';
import { signOut, type SessionUser } from '../../lib/session.ts';
import { UNREAD_CHANGED } from '../../lib/unread.ts';
import { communityLinks, lecturerLinks, userCentreLinks, type MenuLink } from './user-links.ts';

/**
 * A user-specific detail call (spec §8): with the session refused it clears the session (the page reloads as a
 * guest, told why) and resolves; a failed poll is not toasted and keeps the last count.
 */
const fetchUnread = () => userDetail(msgUserNum, {}, { toast: false }).then((r) => r?.num ?? 0);

/** Unread messages, polled every 5 minutes (spec §4), and at once when the message page changes them. */
export function useUnreadCount(fetch: () => Promise<number> = fetchUnread): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const poll = () => {
      fetch().then(
        (n) => alive && setCount(n),
        () => undefined, // a failed poll keeps the last count; the next one retries
      );
    };
    poll();
    const timer = window.setInterval(poll, Limits.messagePollMs);
    window.addEventListener(UNREAD_CHANGED, poll);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener(UNREAD_CHANGED, poll);
    };
  }, [fetch]);
  return count;
}

/** The user's picture, or the user icon where there is none or it fails to load. */
function UserAvatar({ src, name }: { src?: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="qk-user__face" role="img" aria-label={name}>
        <UserOutlined />
      </span>
    );
  }
  return <img className="qk-user__face" src={src} alt={name} width={32} height={32} onError={() => setFailed(true)} />;
}

function LinkGroup({ title, links }: { title: string; links: MenuLink[] }) {
  if (links.length === 0) return null;
  return (
    <div className="qk-user-pop__group">
      <div className="qk-user-pop__title">{title}</div>
      {links.map((l) => (
        <Link key={l.to + l.label} to={l.to} className="qk-user-pop__link">
          {l.label}
        </Link>
      ))}
    </div>
  );
}

/** The signed-in visitor's corner of the header; loaded lazily, so guests never download it. */
export default function UserMenu({ user }: { user: SessionUser }) {
  const unread = useUnreadCount();
  const name = user.nickname || user.mobile;
  return (
    <div className="qk-user">
      <Link to="/account/message" className="qk-user__msg" aria-label={`消息，${unread} 条未读`}>
        <BellOutlined />
        {unread > 0 ? <sup className="qk-user__badge">{unread > 99 ? '99+' : unread}</sup> : null}
      </Link>
      <div className="qk-user__menu">
        <Link to="/account/info" className="qk-user__avatar" aria-haspopup="true">
          <UserAvatar src={user.headImgUrl} name={name} />
        </Link>
        <div className="qk-user-pop">
          <div className="qk-user-pop__name">
            <Link to="/account/info">{name}</Link>
            {user.isVip === 1 ? <span className="qk-vip">VIP</span> : null}
          </div>
          <LinkGroup title="个人中心" links={userCentreLinks(user)} />
          <LinkGroup title="讲师管理" links={lecturerLinks(user)} />
          <LinkGroup title="社区" links={communityLinks} />
          <button type="button" className="qk-user-pop__signout" onClick={() => void signOut()}>
            退出登录
          </button>
        </div>
      </div>
    </div>
  );
}
