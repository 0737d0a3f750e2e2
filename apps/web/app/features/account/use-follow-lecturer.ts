import { useEffect, useState } from 'react';
import { attentionCheck, attentionDelete, attentionSave } from '#contract/lecturer.ts';
import { api } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { useAction } from './use-action.ts';

/**
 * Following a lecturer, for the PC and the H5 lecturer pages. The page is the same for everyone (and cached for
 * guests), so whether this person follows is asked from the browser; `following` is null until it is known.
 * A guest's toggle calls `toLogin`.
 */
export function useFollowLecturer(
  lecturerId: string,
  lecturerUserId: string,
  initialCount: number,
  toLogin: () => void,
) {
  const user = useRootData()?.user ?? null;
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
    if (!user) return toLogin();
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

  return { following, count, pending, self, waiting: Boolean(user) && !self && following === null, toggle };
}
