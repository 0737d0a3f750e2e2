import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';
import { examPaperAudit, examProblem } from '../../db/schema/exam.ts';
import { seedState } from '../../db/schema/platform.ts';
import { cleanStoredRichText, RICH_TEXT_CLEANUP } from '../../db/rich-text-cleanup.ts';

/**
 * What the call wrapper and the router do to every request before a handler: rich fields cleaned (decision 31),
 * a NUL refused, a malformed or overlong path answered with the envelope.
 */
let t: TestApp;
let lecturer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  lecturer = await demoUser(t, '13800000002');
});
afterAll(async () => t?.close());

const HOSTILE =
  '<meta http-equiv="refresh" content="0;url=https://evil.example"><form action="https://evil.example">' +
  '<input name="password"></form><p style="position:fixed" class="ant-modal-mask">说明' +
  '<img src="http://evil.example/beacon.gif"><img src="/media/a.png"></p>';

describe('rich fields', () => {
  it("stores a paper's description cleaned, and shows it cleaned", async () => {
    const saved = await t.call(
      '/exam/auth/exam/audit/save',
      { examName: '清洗测试卷', answerTime: 30, description: HOSTILE },
      lecturer.headers,
    );
    expect(saved.code).toBe(200);
    const [row] = await t.platform.db
      .select({ description: examPaperAudit.description })
      .from(examPaperAudit)
      .where(eq(examPaperAudit.id, BigInt(saved.data.id)));
    expect(row!.description).toBe('<p>说明<img src="/media/a.png" /></p>');
  });

  it("cleans a problem's options, which sit in an array", async () => {
    const saved = await t.call(
      '/exam/auth/exam/problem/save',
      {
        problemType: 1,
        problemContent: '<p onclick="x()">1 + 1 = ?</p>',
        options: [{ content: '<b style="color:red">2</b><base href="https://evil.example/">' }, { content: '3' }],
        answer: ['A'],
      },
      lecturer.headers,
    );
    expect(saved.code).toBe(200);
    const [row] = await t.platform.db
      .select()
      .from(examProblem)
      .where(eq(examProblem.id, BigInt(saved.data.id)));
    expect(row!.problemContent).toBe('<p>1 + 1 = ?</p>');
    expect(row!.options.map((o) => o.content)).toEqual(['<b>2</b>', '3']);
  });

  it('cleans, once, what was stored before', async () => {
    const saved = await t.call('/exam/auth/exam/audit/save', { examName: '旧试卷', answerTime: 30 }, lecturer.headers);
    const id = BigInt(saved.data.id);
    // as a paper saved before its description was cleaned
    await t.platform.db.update(examPaperAudit).set({ description: HOSTILE }).where(eq(examPaperAudit.id, id));
    await t.platform.db.delete(seedState).where(eq(seedState.name, RICH_TEXT_CLEANUP));
    expect(await cleanStoredRichText(t.platform)).toBeGreaterThanOrEqual(1);
    const [row] = await t.platform.db
      .select({ description: examPaperAudit.description })
      .from(examPaperAudit)
      .where(eq(examPaperAudit.id, id));
    expect(row!.description).toBe('<p>说明<img src="/media/a.png" /></p>');
    // recorded: a second start writes nothing
    await t.platform.db.update(examPaperAudit).set({ description: HOSTILE }).where(eq(examPaperAudit.id, id));
    expect(await cleanStoredRichText(t.platform)).toBe(0);
  });
});

describe('NUL bytes', () => {
  it('refuses a NUL anywhere in a body with 999, and changes nothing', async () => {
    const papers = async () => (await t.platform.db.select({ n: count() }).from(examPaperAudit))[0]!.n;
    const before = await papers();
    for (const body of [
      { examName: '试卷\u0000名', answerTime: 30 },
      { examName: '试卷', answerTime: 30, description: '<p>\u0000</p>' },
      { examName: '试卷', answerTime: 30, ['extra\u0000']: 1 },
    ]) {
      const res = await t.call('/exam/auth/exam/audit/save', body, lecturer.headers);
      expect(res).toEqual({ code: 999, msg: '内容包含无法识别的字符', data: null });
    }
    expect(await papers()).toBe(before);
  });

  it('refuses a NUL in a query string or a path parameter', async () => {
    const q = await t.raw({ method: 'GET', url: '/apis/exam/api/grade/info/category?name=a%00b' });
    expect(q.json()).toMatchObject({ code: 999, msg: '内容包含无法识别的字符' });
    const p = await t.raw({
      method: 'GET',
      url: '/apis/exam/auth/exam/problem/view/12%00',
      headers: { token: lecturer.token },
    });
    expect(p.json()).toMatchObject({ code: 999, msg: '内容包含无法识别的字符' });
  });
});

describe('bad paths', () => {
  it('answers a malformed escape or an overlong path parameter with the envelope, never the URL', async () => {
    for (const url of [
      '/apis/exam/auth/exam/problem/view/%zz',
      `/apis/exam/auth/exam/problem/view/${'1'.repeat(5000)}`,
      '/apis/nothing/here/%zz',
    ]) {
      const res = await t.raw({ method: 'GET', url, headers: { token: lecturer.token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 999, msg: expect.stringMatching(/^请求地址(不正确|过长)$/), data: null });
      expect(res.body).not.toContain('view');
    }
  });

  it('answers a malformed page address with a short page, never the URL', async () => {
    const res = await t.raw({ method: 'GET', url: '/course/%zz<script>' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('请求地址不正确');
  });
});
