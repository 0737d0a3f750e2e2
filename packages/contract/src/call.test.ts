import { describe, expect, it } from 'vitest';
import { Id } from './call.ts';

describe('ids', () => {
  it('refuses ids beyond the 64-bit range instead of letting the database fail', () => {
    expect(Id.safeParse('9223372036854775807').success).toBe(true);
    expect(Id.safeParse('9999999999999999999').error?.issues[0]?.message).toBe('ID 格式不正确');
    expect(Id.safeParse('x'.repeat(30)).success).toBe(false);
  });
});
