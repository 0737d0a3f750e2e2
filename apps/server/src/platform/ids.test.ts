import { describe, expect, it } from 'vitest';
import { ClockMovedBackwards, MAX_CLOCK_WAIT_MS, Snowflake, WorkerLeaseLapsed } from './ids.ts';

const worker = (n: number) => ({ worker: n, validUntil: Infinity });

describe('snowflake ids', () => {
  it('are unique and increasing across a burst', () => {
    const s = new Snowflake(worker(1));
    const ids = Array.from({ length: 20_000 }, () => s.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it('fit in a signed 64-bit column and exceed the safe JS integer (so JSON carries strings)', () => {
    const id = new Snowflake(worker(1023)).next();
    expect(id < 2n ** 63n).toBe(true);
    expect(id > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('differ between workers at the same instant', () => {
    expect(new Snowflake(worker(1)).next()).not.toBe(new Snowflake(worker(2)).next());
  });

  it('carry the worker number in bits 12–21', () => {
    expect(Number((new Snowflake(worker(777)).next() >> 12n) & 1023n)).toBe(777);
  });

  it('wait out a clock that steps back a few milliseconds, and keep increasing', () => {
    const times = [1_800_000_000_000, 1_800_000_000_000 - 3, 1_800_000_000_000 - 2, 1_800_000_000_000 + 1];
    let i = 0;
    const s = new Snowflake(worker(5), { now: () => times[Math.min(i++, times.length - 1)]! });
    const a = s.next();
    const b = s.next();
    expect(b > a).toBe(true);
    expect(i).toBe(4); // it read the clock until it had caught up
  });

  it('refuse, with a message that says why, when the clock steps back further', () => {
    let now = 1_800_000_000_000;
    const s = new Snowflake(worker(5), { now: () => now });
    s.next();
    now -= MAX_CLOCK_WAIT_MS + 1;
    expect(() => s.next()).toThrow(ClockMovedBackwards);
    expect(() => s.next()).toThrow(/系统时钟回拨了 11 毫秒/);
    now += MAX_CLOCK_WAIT_MS + 1;
    expect(() => s.next()).not.toThrow();
  });

  it('stop once the lease of the worker number may have lapsed, and go on once it is renewed', () => {
    let mono = 0;
    const grant = { worker: 9, validUntil: 100 };
    const s = new Snowflake(grant, { monotonic: () => mono });
    expect(() => s.next()).not.toThrow();
    mono = 101;
    expect(() => s.next()).toThrow(WorkerLeaseLapsed);
    grant.validUntil = 200;
    expect(() => s.next()).not.toThrow();
  });
});
