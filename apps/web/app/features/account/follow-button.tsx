import { Button } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../../lib/session.ts';
import { useFollowLecturer } from './use-follow-lecturer.ts';

/** Follow or unfollow a lecturer, with the count of followers; guests are sent to log in and come back. */
export function FollowButton({
  lecturerId,
  lecturerUserId,
  initialCount,
}: {
  lecturerId: string;
  lecturerUserId: string;
  initialCount: number;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { following, count, pending, self, waiting, toggle } = useFollowLecturer(
    lecturerId,
    lecturerUserId,
    initialCount,
    () => void navigate(loginUrl(pathname)),
  );

  return (
    <div className="qk-follow">
      <span className="qk-muted">{count} 人关注</span>
      {self ? null : (
        <Button
          type={following ? 'default' : 'primary'}
          icon={following ? <CheckOutlined /> : <PlusOutlined />}
          loading={pending}
          disabled={waiting}
          onClick={() => void toggle()}
        >
          {following ? '已关注' : '关注'}
        </Button>
      )}
    </div>
  );
}
