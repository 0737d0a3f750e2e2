import { useEffect, useState } from 'react';
import { Avatar, Badge, Popover } from 'antd';
import { BellOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Limits } from '#contract/codes.ts';
import { signOut, type SessionUser } from '../../lib/session.ts';
import { communityLinks, lecturerLinks, userCentreLinks, type MenuLink } from './user-links.ts';

/**
 * Unread messages, polled every 5 minutes (spec §4). `fetchUnread` is the message-count call, which arrives
 * with the accounts feature; until then the badge shows no count.
 */
export function useUnreadCount(fetchUnread?: () => Promise<number>): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!fetchUnread) return;
    let alive = true;
    const poll = () => {
      fetchUnread().then(
        (n) => alive && setCount(n),
        () => {}, // a failed poll keeps the last count; the next one retries
      );
    };
    poll();
    const timer = window.setInterval(poll, Limits.messagePollMs);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [fetchUnread]);
  return count;
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
export default function UserMenu({ user, fetchUnread }: { user: SessionUser; fetchUnread?: () => Promise<number> }) {
  const unread = useUnreadCount(fetchUnread);
  const name = user.nickname || user.mobile;
  const panel = (
    <div className="qk-user-pop">
      <div className="qk-user-pop__name">
        {name}
        {user.isVip === 1 ? <span className="qk-vip">VIP</span> : null}
      </div>
      <LinkGroup title="个人中心" links={userCentreLinks(user)} />
      <LinkGroup title="讲师管理" links={lecturerLinks(user)} />
      <LinkGroup title="社区" links={communityLinks} />
      <button type="button" className="qk-user-pop__signout" onClick={signOut}>
        退出登录
      </button>
    </div>
  );
  return (
    <div className="qk-user">
      <Link to="/account/message" className="qk-user__msg" aria-label={`消息，${unread} 条未读`}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </Link>
      <Popover content={panel} placement="bottomRight" trigger="hover">
        <Link to="/account/info" className="qk-user__avatar">
          <Avatar src={user.headImgUrl || undefined} icon={<UserOutlined />} size={32} alt={name} />
        </Link>
      </Popover>
    </div>
  );
}
