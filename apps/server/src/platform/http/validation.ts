import type { z } from 'zod';

/** Turns zod issues into one Chinese sentence naming the field, for code 999. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return '请求参数不正确';
  const field = first.path.map(String).join('.');
  const msg = first.message;
  // messages written in the contract already name the field in Chinese; generic ones get the field prefixed
  if (/[\u4e00-\u9fa5]/.test(msg) && !isGeneric(first)) return msg;
  return field ? `参数 ${field} 不正确：${msg}` : `请求参数不正确：${msg}`;
}

function isGeneric(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_union';
}
