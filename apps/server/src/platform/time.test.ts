import { describe, expect, it } from 'vitest';
import { formatTime, parseShanghaiTime } from './time.ts';

describe('Shanghai time', () => {
  it('formats an instant as wall-clock time in Asia/Shanghai', () => {
    expect(formatTime(new Date('2026-01-31T16:30:05Z'))).toBe('2026-02-01 00:30:05');
    expect(formatTime(null)).toBe('');
  });

  it('reads a wall-clock time back to the same instant', () => {
    expect(parseShanghaiTime('2026-02-01 00:30:05')?.toISOString()).toBe('2026-01-31T16:30:05.000Z');
    expect(parseShanghaiTime('')).toBeNull();
    expect(parseShanghaiTime('not a time')).toBeNull();
  });
});
