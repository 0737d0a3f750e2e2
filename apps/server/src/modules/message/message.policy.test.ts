import { describe, expect, it } from 'vitest';
import { adminMayWithdraw } from './message.policy.ts';

describe('withdrawing a message', () => {
  it('is for the administration’s own messages; others read as missing', () => {
    const m = { createdBy: 'admin' };
    expect(adminMayWithdraw(m)).toBe(m);
    expect(() => adminMayWithdraw({ createdBy: 'system' })).toThrow('消息不存在或已删除');
    expect(() => adminMayWithdraw(undefined)).toThrow('消息不存在或已删除');
  });
});
