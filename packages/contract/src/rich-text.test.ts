import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from './zod-config.ts';
import type { CallDef } from './call.ts';
import { cleanAt, optionalRichText, richText, richTextPaths, stringFields } from './rich-text.ts';

/** Every call of the contract, by path. */
async function allCalls(): Promise<CallDef[]> {
  const calls = new Map<string, CallDef>();
  const dir = new URL('.', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    // a call is exported alone or in a group of calls (adminList's list, save, update…)
    const look = (value: unknown, depth: number): void => {
      if (!value || typeof value !== 'object' || value instanceof z.ZodType) return;
      const call = value as Partial<CallDef>;
      if (typeof call.path === 'string' && call.body instanceof z.ZodType) {
        calls.set(`${call.method} ${call.path}`, call as CallDef);
      } else if (depth < 2) {
        for (const inner of Object.values(value)) look(inner, depth + 1);
      }
    };
    for (const value of Object.values(mod)) look(value, 0);
  }
  return [...calls.values()];
}

/** A body field whose name says it may hold a text of many lines, HTML or not. */
const LOOKS_RICH = /(desc|description|introduce|intro|content|analysis|html|body|detail|remark|article)$/i;

/**
 * Fields named like rich text that pages show as plain text (React escapes them), each with where it is shown.
 * A new field matching LOOKS_RICH must be marked richText in the contract or listed here, after checking that no
 * page renders it with dangerouslySetInnerHTML.
 */
const PLAIN_TEXT: Record<string, string> = {
  '/user/auth/user/research/save remark': 'the survey answer, shown to administrators as text',
  '/user/auth/user/research/edit remark': 'the survey answer, shown to administrators as text',
  '/system/admin/website/update desc': "the site's meta description",
  '/exam/auth/user/exam/answer/mark markRemark': "the marker's remark, shown as text",
  '/exam/auth/grade/exam/student/relation/audit markRemark': "a class exam marker's remark, shown as text",
  '/data/auth/feedback/log/save content': 'feedback, shown as text',
  '/data/admin/feedback/page content': 'a search filter',
  '/user/auth/lecturer/audit/apply introduce': "a lecturer's profile, shown as text on the course page",
  '/user/auth/lecturer/audit/update introduce': "a lecturer's profile, shown as text on the course page",
  '/user/admin/order/info/refund remark': "an order's remark, shown as text",
  '/exam/auth/grade/student/grade/add applyRemark': "a class application's note to the teacher, shown as text",
  '/user/admin/user/account/extract/log/audit remark': "a withdrawal's remark, shown as text",
  '/user/admin/user/account/extract/log/pay remark': "a withdrawal's remark, shown as text",
  '/course/auth/course/chapter/audit/save chapterDesc': "a chapter's summary, shown as text",
  '/course/auth/course/chapter/audit/update chapterDesc': "a chapter's summary, shown as text",
  '/course/auth/course/chapter/period/audit/save periodDesc': "a lesson's summary, shown as text",
  '/course/auth/course/chapter/period/audit/update periodDesc': "a lesson's summary, shown as text",
  '/data/auth/note/log/save content': "a student's note, shown as text",
  '/system/admin/zone/save zoneDesc': "a home-page section's line, shown as text",
  '/system/admin/zone/update zoneDesc': "a home-page section's line, shown as text",
  '/community/auth/blogger/save introduce': "a blogger's introduction, shown as text",
  '/community/auth/blogger/update introduce': "a blogger's introduction, shown as text",
  '/community/auth/blog/comment/save content': 'a comment on a blog post, shown as text',
  '/marketing/api/act/counsel/save content': 'an enquiry, shown to administrators as text',
  '/marketing/admin/act/counsel/follow followRemark': "the administrator's follow-up note, shown as text",
  '/user/auth/org/lecturer/invite remark': "an organisation's invitation note, shown as text",
};

describe('rich text fields', () => {
  it('finds every rich-looking body field marked rich, or listed as plain text', async () => {
    const unmarked: string[] = [];
    for (const call of await allCalls()) {
      for (const f of stringFields(call.body)) {
        const name = f.path.filter((k) => k !== '*').at(-1) ?? '';
        if (f.rich || !LOOKS_RICH.test(name)) continue;
        const key = `${call.path} ${f.path.join('.')}`;
        if (!(key in PLAIN_TEXT)) unmarked.push(key);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('marks the fields pages show as HTML', async () => {
    const rich = new Set<string>();
    for (const call of await allCalls()) {
      for (const path of richTextPaths(call.body)) rich.add(`${call.path} ${path.join('.')}`);
    }
    expect(rich).toEqual(
      new Set([
        '/exam/auth/exam/audit/save description',
        '/exam/auth/exam/audit/update description',
        '/exam/auth/exam/problem/save problemContent',
        '/exam/auth/exam/problem/save options.*.content',
        '/exam/auth/exam/problem/save analysis',
        '/exam/auth/exam/problem/update problemContent',
        '/exam/auth/exam/problem/update options.*.content',
        '/exam/auth/exam/problem/update analysis',
        '/course/auth/course/audit/save introduce',
        '/course/auth/course/audit/update introduce',
        '/system/admin/website/nav/article/save artDesc',
        '/system/admin/website/nav/article/update artDesc',
        '/community/auth/questions/save content',
        '/community/auth/questions/update content',
        '/community/auth/questions/comment/save content',
        '/community/auth/blog/save content',
        '/community/auth/blog/update content',
        '/system/admin/terrace/save content',
        '/system/admin/terrace/update content',
        '/user/auth/org/profile/save introduce',
      ]),
    );
  });

  it('keeps the mark through optional, default, refine and arrays, and cleans only marked strings', () => {
    const Body = z.object({
      title: z.string(),
      intro: optionalRichText('介绍', 100),
      parts: z
        .array(z.object({ html: richText('内容', 100).refine((v) => v.length > 1), note: z.string() }))
        .optional(),
    });
    expect(richTextPaths(Body)).toEqual([['intro'], ['parts', '*', 'html']]);
    const body = Body.parse({ title: '<b>', intro: '<i>', parts: [{ html: '<p>', note: '<u>' }] });
    cleanAt(body, richTextPaths(Body), (h) => `clean:${h}`);
    expect(body).toEqual({ title: '<b>', intro: 'clean:<i>', parts: [{ html: 'clean:<p>', note: '<u>' }] });
  });

  it('refuses to walk a kind of schema it cannot look into', () => {
    expect(() => stringFields(z.object({ m: z.map(z.string(), z.string()) }))).toThrow(/map/);
  });
});
