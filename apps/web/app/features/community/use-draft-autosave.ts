import { useEffect, useRef } from 'react';

/** A draft is saved this long after the last change. */
export const AUTOSAVE_MS = 2000;

/**
 * Saves a draft `AUTOSAVE_MS` after each change of `changes` while `enabled`, one save after another: what the writer
 * typed reaches the server a few seconds later whether or not they press 存草稿. The values as the page opened with
 * are not a change. A save of the writer's own (存草稿, 发布) first awaits `settled()`, so two saves never run at
 * once: the first saves of a new post would otherwise both create it.
 */
export function useDraftAutosave(changes: unknown, enabled: boolean, save: () => Promise<unknown>) {
  const running = useRef<Promise<unknown> | null>(null);
  const opened = useRef(changes);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });

  useEffect(() => {
    if (!enabled || changes === opened.current) return;
    const timer = setTimeout(() => {
      // after the save still running, if one is: it may have just given the post its id
      const next = (running.current ?? Promise.resolve()).then(() => latest.current()).catch(() => undefined);
      running.current = next;
      void next.finally(() => {
        if (running.current === next) running.current = null;
      });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [changes, enabled]);

  return { settled: (): Promise<unknown> => running.current ?? Promise.resolve() };
}
