import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fansDelete, fansSave } from '#contract/community-blog.ts';
import { api } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';

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
  const signedIn = Boolean(useRootData()?.user);
  const navigate = useNavigate();
  const [following, setFollowing] = useState(initial);
  const [pending, setPending] = useState(false);
  async function toggle() {
    if (!signedIn) return void navigate(loginUrl(window.location.pathname));
    setPending(true);
    try {
      const r = await api(following ? fansDelete : fansSave, { bloggerUserId: userId });
      setFollowing(r.isFollow === 1);
      onChange?.(r.fansCount);
    } catch {
      // the response handler has shown why
    } finally {
      setPending(false);
    }
  }
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
