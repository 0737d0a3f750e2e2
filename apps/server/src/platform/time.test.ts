import { describe, expect, it } from 'vitest';
import { formatTime, parseShanghaiTime } from './time.ts';

describe('Shanghai time', () => {
  it('formats an instant as wall-clock time in Asia/Shanghai', () => {
    expect(formatTime(new Date('2026-01-31T16:30:05Z'))).toBe('2026-02-01 00:30:05');
    expect(formatTime(null)).toBe('');
  });

  it('agrees with the time zone database on every kind of instant, summer time of the 1980s included', () => {
    // Sweden's locale writes YYYY-MM-DD HH:mm:ss: the time zone database's answer, formatted independently
    const intl = (d: Date) => d.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const instants = [
      '1988-07-01T03:04:05Z', // summer time: UTC+9
      '1991-12-31T15:59:59Z',
      '1991-12-31T16:00:00Z',
      '2000-02-29T16:00:00Z',
      '2026-12-31T23:59:59.999Z',
      '2038-01-19T03:14:08Z',
    ].map((x) => new Date(x));
    for (let i = 0; i < 2_000; i++)
      instants.push(new Date(Date.UTC(1992, 0, 1) + Math.random() * 60 * 365 * 86_400_000));
    for (const d of instants) expect(formatTime(d), d.toISOString()).toBe(intl(d));
    expect(formatTime(new Date(Number.NaN))).toBe('');
  });

  it('reads a wall-clock time back to the same instant', () => {
    expect(parseShanghaiTime('2026-02-01 00:30:05')?.toISOString()).toBe('2026-01-31T16:30:05.000Z');
    expect(parseShanghaiTime('')).toBeNull();
    expect(parseShanghaiTime('not a time')).toBeNull();
  });
});
