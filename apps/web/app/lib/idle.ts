/** Runs `fn` once the browser is idle after the page has loaded; where idle callbacks are missing, soon after. */
export function whenIdle(fn: () => void): void {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 5000 });
  else setTimeout(fn, 2000);
}
