import { useState } from 'react';
import { blogRecordDelete, blogRecordSave, fansDelete, fansSave, type TBlogView } from '#contract/community-blog.ts';
import { api } from '../../api/client.ts';

/**
 * Like and collect of one post as the reader toggles them; `toLogin` runs instead for a reader without a session.
 * The PC and phone pages draw the buttons their own way.
 */
export function useBlogRecords(post: TBlogView, viewer: boolean, toLogin: () => void) {
  const [state, setState] = useState({
    isLike: post.isLike,
    isCollect: post.isCollect,
    likeCount: post.likeCount,
    collectionCount: post.collectionCount,
  });
  const [pending, setPending] = useState(false);
  async function toggle(recordType: number, on: boolean) {
    if (!viewer) return toLogin();
    setPending(true);
    try {
      setState(await api(on ? blogRecordSave : blogRecordDelete, { blogId: post.id, recordType }));
    } catch {
      // the response handler has shown why
    } finally {
      setPending(false);
    }
  }
  return { state, pending, toggle };
}

/** Following a blogger as the reader toggles it; `toLogin` runs instead for a reader without a session. */
export function useFollowBlogger(
  userId: string,
  initial: boolean,
  opts: { signedIn: boolean; toLogin: () => void; onChange?: (fansCount: number) => void },
) {
  const [following, setFollowing] = useState(initial);
  const [pending, setPending] = useState(false);
  async function toggle() {
    if (!opts.signedIn) return opts.toLogin();
    setPending(true);
    try {
      const r = await api(following ? fansDelete : fansSave, { bloggerUserId: userId });
      setFollowing(r.isFollow === 1);
      opts.onChange?.(r.fansCount);
    } catch {
      // the response handler has shown why
    } finally {
      setPending(false);
    }
  }
  return { following, pending, toggle };
}
