import { useCallback, useEffect, useState } from 'react';
import { questionViewMine } from '#contract/community-question.ts';
import { api } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';

export interface Viewer {
  signedIn: boolean;
  userId: string | null;
  isAsker: boolean;
  liked: Set<string>;
}

/**
 * What the signed-in reader is to the question (its asker, the answers they liked). Asked from the browser, so
 * the server-rendered page is the same for everyone and can be cached.
 */
export function useQuestionViewer(questionId: string) {
  const user = useRootData()?.user ?? null;
  const [viewer, setViewer] = useState<Viewer>({
    signedIn: user !== null,
    userId: user?.id ?? null,
    isAsker: false,
    liked: new Set(),
  });
  const refresh = useCallback(async () => {
    if (!user) return;
    try {
      const mine = await api(questionViewMine, { id: questionId }, { handle: false });
      setViewer({ signedIn: true, userId: user.id, isAsker: mine.isAsker, liked: new Set(mine.likedAnswerIds) });
    } catch {
      // the page works without it: the buttons then act and the server answers
    }
  }, [questionId, user]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { viewer, setViewer, refresh };
}
