import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './client-behaviour.ts';

describe('a page chunk that fails to load (spec §8)', () => {
  let reloads = 0;
  beforeEach(() => {
    reloads = 0;
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    vi.stubGlobal('window', { location: { reload: () => reloads++ } });
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is told apart from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads the page, at most once a minute, so a chunk that is really gone cannot loop', () => {
    expect(reloadForChunkError()).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(reloadForChunkError()).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(reloadForChunkError()).toBe(true);
    expect(reloads).toBe(2);
  });
});
