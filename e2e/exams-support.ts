import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { shotsIn } from './review-shot.ts';

export const DEMO_PASSWORD = 'Demo1234';
export const LECTURER = '13800000002';
const LOGIN = /登\s?录$/;

export const shot = shotsIn('test-results/exams', false);

/**
 * A new browser (context) signed in through the login page, on `target`. With `clock`, the page's timers run on
 * Playwright's clock from the start, so a test can make minutes pass or stop time.
 */
export async function signedIn(
  browser: Browser,
  mobile: string,
  password: string,
  target: string,
  opts: { clock?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext();
  if (opts.clock) await context.clock.install();
  const page = await context.newPage();
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?t=login/);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  return page;
}

/** A new browser signed in as a web session (the session cookie), as the login page leaves it. */
export async function sessionOf(browser: Browser, mobile: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password, clientType: 1 },
  });
  expect((await res.json()).code).toBe(200);
  return page;
}

/** Shanghai's wall time `offsetMin` minutes from now, as the calls take it (YYYY-MM-DD HH:mm:ss). */
export function shanghaiAt(offsetMin: number): string {
  const d = new Date(Date.now() + offsetMin * 60_000 + 8 * 3_600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** Answers one problem card, whatever its kind: the first option, a word in each blank, or `essay` in the box. */
export async function answerCard(card: Locator, essay = '缩进表示代码块的层次') {
  const choice = card.locator('input[type="radio"], input[type="checkbox"]').first();
  if (await choice.count()) return choice.check();
  const text = card.getByLabel('作答');
  if (await text.count()) return text.fill(essay);
  const blanks = card.getByLabel(/^第 \d+ 空$/);
  for (let i = 0; i < (await blanks.count()); i++) await blanks.nth(i).fill('print');
}

/** A caller of the API as the app client: its session does not end the person's browser session. */
export async function appApi(request: APIRequestContext, mobile: string, password: string) {
  const login = await (
    await request.post('/apis/user/api/user/login/password', { data: { mobile, password, clientType: 4 } })
  ).json();
  if (login.code !== 200) throw new Error(`login ${mobile}: ${login.msg}`);
  const token: string = login.data.token;
  return async (path: string, body: unknown = {}) => {
    const json = await (await request.post(`/apis${path}`, { data: body, headers: { token } })).json();
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
}

export interface Key {
  type: number;
  answer: string[];
}

/** The paper's answers as its lecturer sees them in the preview, by problem id (sub-problems included). */
export async function answerKey(lecturer: Page, examId: string): Promise<Map<string, Key>> {
  // through the lecturer's own browser session: a second sign-in would end it
  const preview = await (
    await lecturer.request.post('/apis/exam/auth/exam/audit/preview', { data: { examId } })
  ).json();
  const key = new Map<string, Key>();
  type P = { id: string; problemType: number; answer: string[]; children: P[] };
  for (const s of preview.data.sections as Array<{ problems: Array<{ problem: P }> }>)
    for (const { problem } of s.problems) {
      key.set(problem.id, { type: problem.problemType, answer: problem.answer });
      for (const c of problem.children) key.set(c.id, { type: c.problemType, answer: c.answer });
    }
  return key;
}

/** What the student gives: right, except true/false which is answered wrong on purpose (for the book). */
export function givenAnswer(k: Key): string[] {
  if (k.type === 3) return [k.answer[0] === 'A' ? 'B' : 'A'];
  if (k.type === 4) return k.answer.map((a) => a.split('|')[0]!);
  if (k.type === 5) return ['我的回答：要点一、要点二。'];
  return k.answer;
}

/** Answers one problem on the exam page with `givenAnswer`. */
export async function answer(page: Page, id: string, k: Key) {
  const card = page.locator(`#q-${id}`);
  const given = givenAnswer(k);
  if (k.type === 1 || k.type === 2 || k.type === 3)
    for (const a of given) await card.locator(`input[value="${a}"]`).check();
  else if (k.type === 4) for (const [i, a] of given.entries()) await card.getByLabel(`第 ${i + 1} 空`).fill(a);
  else if (k.type === 5) await card.getByLabel('作答').fill(given[0]!);
}

/** The exam page shows exactly what `answer` gave. */
export async function expectAnswered(page: Page, id: string, k: Key) {
  const card = page.locator(`#q-${id}`);
  const given = givenAnswer(k);
  if (k.type === 1 || k.type === 2 || k.type === 3) {
    await expect(card.locator('input:checked')).toHaveCount(given.length);
    for (const a of given) await expect(card.locator(`input[value="${a}"]`)).toBeChecked();
  } else if (k.type === 4)
    for (const [i, a] of given.entries()) await expect(card.getByLabel(`第 ${i + 1} 空`)).toHaveValue(a);
  else if (k.type === 5) await expect(card.getByLabel('作答')).toHaveValue(given[0]!);
}

/** The problems of the exam page, in the order shown. */
export async function problemIds(page: Page): Promise<string[]> {
  // the attempt loads in the browser after the page: wait for the paper before reading it
  await expect(page.getByTestId('exam-problem').first()).toBeVisible();
  return page.getByTestId('exam-problem').evaluateAll((els) => els.map((e) => e.id.slice(2)));
}

/** The lecturer marks every waiting short answer of the student's record with `score`. */
export async function markAll(lecturer: Page, examId: string, student: string | RegExp, score: number) {
  await lecturer.goto(`/account/exams/examAdmin?tab=mark&examId=${examId}`);
  await lecturer
    .getByRole('row', { name: student })
    .getByRole('button', { name: /^批\s?阅$/ })
    .click();
  const items = lecturer.getByTestId('mark-item');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  for (let i = 0; i < count; i++) {
    await items.nth(i).getByLabel('得分').fill(String(score));
    await items.nth(i).getByRole('button', { name: '确定得分' }).click();
    await expect(items.nth(i).getByText('已批阅')).toBeVisible();
  }
  await expect(lecturer.getByText('已批完')).toBeVisible();
  return count;
}
