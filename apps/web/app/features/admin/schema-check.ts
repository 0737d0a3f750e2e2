import type { FormInstance } from 'antd';
import type { z } from 'zod';

type Checked<T> = { ok: true; data: T } | { ok: false; msg: string };

/**
 * Checks form values against the call's own contract schema before sending, and puts each Chinese message under
 * the field it names, so most mistakes are shown where they are made without a round trip.
 */
export function checkWithSchema<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
): Checked<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const byField = new Map<string, { name: Array<string | number>; errors: string[] }>();
  for (const issue of result.error.issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (name.length === 0) continue;
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return { ok: false, msg: result.error.issues[0]?.message ?? '填写内容有误，请检查' };
}
