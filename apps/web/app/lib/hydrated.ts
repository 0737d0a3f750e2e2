import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and until the page has hydrated, true after: a button whose work is done by script
 * stays disabled until its click can be heard, rather than swallowing a tap on a slow phone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
