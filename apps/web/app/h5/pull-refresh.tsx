import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far the finger pulls before a release refreshes, and the most the page follows it. */
const THRESHOLD = 60;
const MAX_PULL = 96;
const HOLD = 44;

type Phase = 'idle' | 'pulling' | 'ready' | 'refreshing' | 'done';
const LABEL: Record<Phase, string> = {
  idle: '',
  pulling: '下拉刷新',
  ready: '释放立即刷新',
  refreshing: '正在刷新…',
  done: '刷新成功',
};

/**
 * Pull down at the top of a page to reload it: a line opens above it at half the finger's travel and, released past
 * the threshold, stays saying it is loading until `onRefresh` settles. Touch only; a page scrolled down scrolls
 * as usual. Plain CSS, so the first load of a list page carries no animation library.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => unknown; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let startY: number | null = null;
    let distance = 0;
    let busy = false;
    const onStart = (e: TouchEvent) => {
      startY = !busy && window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0]!.clientY : null;
      distance = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (dy <= 0 || window.scrollY > 0) {
        if (distance > 0) {
          distance = 0;
          setPull(0);
          setPhase('idle');
        }
        return;
      }
      // the page is held where it is while the finger pulls it (no native overscroll or scroll under it)
      if (e.cancelable) e.preventDefault();
      distance = Math.min(MAX_PULL, dy / 2);
      setPull(distance);
      setPhase(distance >= THRESHOLD ? 'ready' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (distance < THRESHOLD) {
        setPull(0);
        setPhase('idle');
        return;
      }
      busy = true;
      setPull(HOLD);
      setPhase('refreshing');
      void Promise.resolve()
        .then(() => refresh.current())
        .catch(() => undefined) // the refresh's own call shows what went wrong
        .then(() => {
          setPhase('done');
          setTimeout(() => {
            busy = false;
            setPull(0);
            setPhase('idle');
          }, 500);
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const settling = phase !== 'pulling' && phase !== 'ready';
  return (
    <div ref={box} className="h5-pull">
      <div
        className="h5-pull__head"
        style={{ height: pull, transition: settling ? 'height 0.2s ease-out' : 'none' }}
        aria-live="polite"
      >
        {pull > 0 ? LABEL[phase] : ''}
      </div>
      <div aria-busy={phase === 'refreshing'}>{children}</div>
    </div>
  );
}
