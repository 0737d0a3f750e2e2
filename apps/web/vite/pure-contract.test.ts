import { describe, expect, it } from 'vitest';
import { markPure } from './pure-contract.ts';

const PURE = '/* @__PURE__ */ ';

describe('marking a contract module for the browser build', () => {
  it('marks every call in a top-level constant, chained, nested and exported', () => {
    const out = markPure(
      [
        "import { z } from 'zod';",
        'const A = z.object({ a: z.string().max(3) });',
        "export const B = defineCall({ path: '/x', body: A.extend({ b: oneOf([1, 2], 'bad') }) });",
      ].join('\n'),
    );
    expect(out).toContain(`const A = ${PURE}z.object({ a: ${PURE}z.string().max(3) });`);
    expect(out).toContain(
      `export const B = ${PURE}defineCall({ path: '/x', body: ${PURE}A.extend({ b: ${PURE}oneOf([1, 2], 'bad') }) });`,
    );
  });

  it('leaves statements and the bodies of functions alone: they run when called, or must run', () => {
    const src = [
      'if (typeof document !== "undefined") z.config({ jitless: true });',
      'export function text(label) { return z.string().min(1, { error: label }); }',
      'const C = z.string().refine((v) => check(v));',
    ].join('\n');
    const out = markPure(src);
    expect(out).toContain('if (typeof document !== "undefined") z.config({ jitless: true });');
    expect(out).toContain('export function text(label) { return z.string().min(1, { error: label }); }');
    expect(out).toContain(`const C = ${PURE}z.string().refine((v) => check(v));`);
  });
});
