import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from './validation.ts';

const issues = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error!.issues;

describe('validation messages', () => {
  it("uses the contract's own message, also for a missing field", () => {
    const s = z.object({ mobile: z.string({ error: '请填写手机号' }).min(1, { error: '请填写手机号' }) });
    expect(describeIssues(issues(s, {}))).toBe('请填写手机号');
    expect(describeIssues(issues(s, { mobile: '' }))).toBe('请填写手机号');
  });

  it('names the field for a generic check, in Chinese', () => {
    const s = z.object({ pageSize: z.number().int() });
    const msg = describeIssues(issues(s, { pageSize: 'x' }));
    expect(msg.startsWith('参数 pageSize 不正确：')).toBe(true);
    expect(msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
