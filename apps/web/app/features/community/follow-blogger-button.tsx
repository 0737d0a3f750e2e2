import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';
import { useFollowBlogger } from './use-blog-reactions.ts';

/** Follow or unfollow a blogger; a visitor is taken to the login page and back. */
export function FollowBloggerButton({
  userId,
  initial,
  small = false,
  onChange,
}: {
  userId: string;
  initial: boolean;
  small?: boolean;
  onChange?: (fansCount: number) => void;
}) {
  const navigate = useNavigate();
  const { following, pending, toggle } = useFollowBlogger(userId, initial, {
    signedIn: Boolean(useRootData()?.user),
    toLogin: () => void navigate(loginUrl(window.location.pathname)),
    onChange,
  });
  return (
    <Button
      size={small ? 'small' : 'middle'}
      type={following ? 'default' : 'primary'}
      loading={pending}
      onClick={() => void toggle()}
    >
      {following ? '已关注' : '关注'}
    </Button>
  );
}
