import { useEffect } from 'react';
import { useRootData } from '../lib/root-data.ts';
import { ELSEWHERE_MSG } from '../lib/session.ts';
import { showWarning } from '../lib/toast.ts';

/** Spec §4: a session ended by a login elsewhere is announced once the page shows, as a guest again. */
export function SessionNoticeToast() {
  const notice = useRootData()?.notice;
  useEffect(() => {
    if (notice === 'elsewhere') showWarning(ELSEWHERE_MSG);
  }, [notice]);
  return null;
}
