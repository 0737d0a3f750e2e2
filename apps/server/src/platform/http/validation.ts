import { z } from 'zod';

// zod's own messages in Chinese, marked so they can be told apart from the messages the contract wrote
const GENERIC = '\u2063';
const zhCN = z.locales.zhCN();
z.config({
  localeError: (issue) => {
    const out = zhCN.localeError?.(issue);
    const text = typeof out === 'string' ? out : (out?.message ?? '格式不正确');
    return `${GENERIC}${text}`;
  },
});

/** Turns zod issues into one Chinese sentence for code 999: the contract's own message, or the field and zod's. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return '请求参数不正确';
  if (!first.message.startsWith(GENERIC)) return first.message;
  const field = first.path.map(String).join('.');
  const text = first.message.slice(GENERIC.length);
  return field ? `参数 ${field} 不正确：${text}` : `请求参数不正确：${text}`;
}
