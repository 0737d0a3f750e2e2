/** Fired by pages that read or delete messages, so the header badge counts again without waiting 5 minutes. */
export const UNREAD_CHANGED = 'qk:unread-changed';

export function unreadChanged(): void {
  window.dispatchEvent(new Event(UNREAD_CHANGED));
}
