import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { attentionCheck, attentionDelete, attentionSave } from '#contract/lecturer.ts';
import { api } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';
import { useAction } from './use-action.ts';

/**
 * Follow or unfollow a lecturer. The page is the same for everyone (and cached for guests), so whether this
 * person follows is asked from the browser; guests are sent to log in and come back.
 */
export function FollowButton({
  lecturerId,
  lecturerUserId,
  initialCount,
}: {
  lecturerId: string;
  lecturerUserId: string;
  initialCount: number;
}) {
  const user = useRootData()?.user ?? null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [count, setCount] = useState(initialCount);
  const { run, pending } = useAction();
  const self = user?.id === lecturerUserId;

  useEffect(() => {
    if (!user || self) return;
    api(attentionCheck, { lecturerId }).then(
      (r) => setFollowing(r.isAttention === 1),
      () => setFollowing(false),
    );
  }, [user, self, lecturerId]);

  async function toggle() {
    if (!user) return navigate(loginUrl(pathname));
    if (following) {
      if ((await run(() => api(attentionDelete, { lecturerId }), { toast: true, success: '已取消关注' })) === undefined)
        return;
      setFollowing(false);
      setCount((n) => Math.max(0, n - 1));
    } else {
      if ((await run(() => api(attentionSave, { lecturerId }), { toast: true, success: '关注成功' })) === undefined)
        return;
      setFollowing(true);
      setCount((n) => n + 1);
    }
  }

  return (
    <div className="qk-follow">
      <span className="qk-muted">{count} 人关注</span>
      {self ? null : (
        <Button
          type={following ? 'default' : 'primary'}
          icon={following ? <CheckOutlined /> : <PlusOutlined />}
          loading={pending}
          disabled={Boolean(user) && following === null}
          onClick={() => void toggle()}
        >
          {following ? '已关注' : '关注'}
        </Button>
      )}
    </div>
  );
}
