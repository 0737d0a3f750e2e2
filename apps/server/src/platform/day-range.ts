import { fail } from './http/errors.ts';
import { formatTime } from './time.ts';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' plus n days (Asia/Shanghai has no daylight saving, so a day is always 24 hours). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The start of a day of Asia/Shanghai. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export interface DayRange {
  beginDate: string;
  endDate: string;
  /** [from, to): the first instant of beginDate and the first instant after endDate */
  from: Date;
  to: Date;
  /** every day of the range, in order */
  days: string[];
}

/**
 * The days a chart or a filter covers: both ends included; an end left out is today, a beginning left out is
 * `defaultDays` before the end. A reversed or too long range is refused.
 */
export function dayRange(
  q: { beginDate: string; endDate: string },
  defaultDays: number,
  maxDays: number,
  now = new Date(),
): DayRange {
  const endDate = q.endDate || (q.beginDate ? addDays(q.beginDate, defaultDays - 1) : formatTime(now).slice(0, 10));
  const beginDate = q.beginDate || addDays(endDate, -(defaultDays - 1));
  if (beginDate > endDate) throw fail('开始日期不能晚于结束日期');
  const count = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${beginDate}T00:00:00Z`)) / DAY_MS) + 1;
  if (count > maxDays) throw fail(`日期范围不能超过 ${maxDays} 天`);
  const days = Array.from({ length: count }, (_, i) => addDays(beginDate, i));
  return { beginDate, endDate, from: dayStart(beginDate), to: dayStart(addDays(endDate, 1)), days };
}

/** A filter's optional bounds as instants: undefined where the day is left out. */
export function dayBounds(q: { beginDate: string; endDate: string }): { from?: Date; to?: Date } {
  if (q.beginDate && q.endDate && q.beginDate > q.endDate) throw fail('开始日期不能晚于结束日期');
  return {
    from: q.beginDate ? dayStart(q.beginDate) : undefined,
    to: q.endDate ? dayStart(addDays(q.endDate, 1)) : undefined,
  };
}
