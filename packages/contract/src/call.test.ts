import { describe, expect, it } from 'vitest';
import { Id, ID_PATTERN, isId } from './call.ts';

describe('ids', () => {
  it('refuses ids beyond the 64-bit range instead of letting the database fail', () => {
    expect(Id.safeParse('9223372036854775807').success).toBe(true);
    expect(Id.safeParse('9999999999999999999').error?.issues[0]?.message).toBe('ID 格式不正确');
    expect(Id.safeParse('x'.repeat(30)).success).toBe(false);
  });
});

describe('isId', () => {
  it('takes a snowflake the database can hold and nothing else', () => {
    expect(isId('1')).toBe(true);
    expect(isId('9223372036854775807')).toBe(true);
    expect(isId('9223372036854775808')).toBe(false);
    expect(isId('0')).toBe(false);
    expect(isId('012')).toBe(false);
    expect(isId('12a')).toBe(false);
    expect(isId('')).toBe(false);
    expect(isId(undefined)).toBe(false);
    expect(ID_PATTERN.test('12345678901234567890')).toBe(false);
  });
});
