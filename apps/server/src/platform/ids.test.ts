import { describe, expect, it } from 'vitest';
import { Snowflake } from './ids.ts';

describe('snowflake ids', () => {
  it('are unique and increasing across a burst', () => {
    const s = new Snowflake(1);
    const ids = Array.from({ length: 20_000 }, () => s.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it('fit in a signed 64-bit column and exceed the safe JS integer (so JSON carries strings)', () => {
    const id = new Snowflake(1023).next();
    expect(id < 2n ** 63n).toBe(true);
    expect(id > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('differ between workers at the same instant', () => {
    expect(new Snowflake(1).next()).not.toBe(new Snowflake(2).next());
  });
});
