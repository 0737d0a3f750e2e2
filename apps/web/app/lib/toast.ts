import { Limits } from '#contract/codes.ts';

/**
 * One way to tell a person something went wrong (spec §8): the same text within 2 s is shown once, so a
 * page whose several calls fail together shows one message, not a stack of identical ones. The holder (antd's
 * message on the PC site, antd-mobile's Toast on H5) is fetched on the first message, keeping it out of every
 * page's first load.
 */
const lastShown = new Map<string, number>();

export type ToastKind = 'error' | 'warning' | 'success';

function show(kind: ToastKind, text: string): void {
  if (typeof document === 'undefined') return; // a message is for a person at a browser
  const now = Date.now();
  const last = lastShown.get(text);
  if (last !== undefined && now - last < Limits.duplicateToastMs) return;
  lastShown.set(text, now);
  for (const [t, at] of lastShown) if (now - at >= Limits.duplicateToastMs) lastShown.delete(t);
  const holder = document.documentElement.classList.contains('qk-h5')
    ? import('../h5/toast-holder.ts')
    : import('../components/toast-holder.tsx');
  holder.then(
    (m) => m.showMessage(text, kind),
    () => console.error(text),
  );
}

export function showError(text: string): void {
  show('error', text);
}
export function showWarning(text: string): void {
  show('warning', text);
}
export function showSuccess(text: string): void {
  show('success', text);
}
