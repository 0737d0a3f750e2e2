import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { adminApi } from './support.ts';

const DEMO_PASSWORD = 'Demo1234';
const LECTURER = '13800000002';
const PASSWORD = 'Secret123';
const LOGIN = /登\s?录$/;
// one journey across three people and a dozen pages on two shared cores
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/exams/${name}.png`, fullPage: false });

async function signedIn(browser: Browser, mobile: string, password: string, target: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?t=login/);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  return page;
}

interface Key {
  type: number;
  answer: string[];
}

/** The paper's answers as its lecturer sees them in the preview, by problem id (sub-problems included). */
async function answerKey(lecturer: Page, examId: string): Promise<Map<string, Key>> {
  // through the lecturer's own browser session: a second sign-in would end it
  const preview = await (await lecturer.request.post('/apis/exam/auth/exam/audit/preview', { data: { examId } })).json();
  const key = new Map<string, Key>();
  type P = { id: string; problemType: number; answer: string[]; children: P[] };
  for (const s of preview.data.sections as Array<{ problems: Array<{ problem: P }> }>)
    for (const { problem } of s.problems) {
      key.set(problem.id, { type: problem.problemType, answer: problem.answer });
      for (const c of problem.children) key.set(c.id, { type: c.problemType, answer: c.answer });
    }
  return key;
}

/** Answers one problem on the exam page: right, except true/false which is answered wrong on purpose. */
async function answer(page: Page, id: string, k: Key) {
  const card = page.locator(`#q-${id}`);
  if (k.type === 1) await card.locator(`input[value="${k.answer[0]}"]`).check();
  else if (k.type === 2) for (const a of k.answer) await card.locator(`input[value="${a}"]`).check();
  else if (k.type === 3) await card.locator(`input[value="${k.answer[0] === 'A' ? 'B' : 'A'}"]`).check();
  else if (k.type === 4) for (const [i, a] of k.answer.entries()) await card.getByLabel(`第 ${i + 1} 空`).fill(a.split('|')[0]!);
  else if (k.type === 5) await card.getByLabel('作答').fill('我的回答：要点一、要点二。');
}

test('a lecturer composes a paper of every type, it is approved, a student sits it through a reload and an outage, it is marked', async ({ browser, request }) => {
  // the lecturer: a problem of their own, then a paper drawn by rules, one problem of every type
  const lecturer = await signedIn(browser, LECTURER, DEMO_PASSWORD, '/account/subject/add');
  await lecturer.getByText('判断题', { exact: true }).click();
  await lecturer.getByLabel('题干').fill('青课的考试答案会实时保存到服务器。');
  await lecturer.getByText('正确', { exact: true }).click();
  await lecturer.getByLabel('解析').fill('每次作答都会立即保存。');
  await lecturer.getByRole('button', { name: '保存题目' }).click();
  await expect(lecturer).toHaveURL(/\/account\/subject\/comprehend$/);
  await expect(lecturer.getByText('青课的考试答案会实时保存到服务器。')).toBeVisible();

  await lecturer.goto('/account/exams/add');
  const examName = `全题型测验 ${Date.now() % 100000}`;
  await lecturer.getByLabel('试卷名称').fill(examName);
  await lecturer.getByLabel('答题时长').fill('30');
  await lecturer.getByLabel('及格分').fill('5');
  await lecturer.getByRole('button', { name: '创建试卷' }).click();
  await expect(lecturer).toHaveURL(/\/account\/exams\/add\?id=\d+&tab=compose/);
  const examId = new URL(lecturer.url()).searchParams.get('id')!;
  await lecturer.getByRole('tab', { name: '按规则组卷' }).click();
  for (let i = 0; i < 5; i++) await lecturer.getByRole('button', { name: '添加规则' }).click();
  for (let i = 1; i <= 6; i++) await lecturer.getByLabel(`规则 ${i} 题目数量`).fill('1');
  await lecturer.getByRole('button', { name: '按规则抽题组卷' }).click();
  await expect(lecturer.getByTestId('compose-section')).toHaveCount(6);
  await shot(lecturer, 'compose');

  await lecturer.goto('/account/exams/examAdmin');
  const row = lecturer.getByRole('row', { name: new RegExp(examName) });
  await row.getByRole('button', { name: '提交审核' }).click();
  await lecturer.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(row.getByText('待审核')).toBeVisible();

  // the administrator approves it; the lecturer puts it on the shelf
  const admin = await adminApi(request);
  await admin('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1, auditOpinion: '' });
  await lecturer.reload();
  await expect(row.getByText('已通过')).toBeVisible();
  await expect(row.getByText('已上架')).toBeVisible();

  // a student starts it
  const key = await answerKey(lecturer, examId);
  await registerViaApi(request, PASSWORD, '考生小李').then(async (mobile) => {
    const student = await signedIn(browser, mobile, PASSWORD, '/account/exams');
    await student.goto(`/exam/view/${examId}`);
    await student.getByRole('link', { name: '开始考试' }).click();
    await student.getByRole('button', { name: '我已阅读，开始考试' }).click();
    await expect(student).toHaveURL(/\/exam\/exam\?recordId=\d+/);
    const recordId = new URL(student.url()).searchParams.get('recordId')!;
    const ids = await student.getByTestId('exam-problem').evaluateAll((els) => els.map((e) => e.id.slice(2)));
    expect(ids.length).toBeGreaterThanOrEqual(6);
    const half = Math.ceil(ids.length / 2);

    // the first half, each saved, then the browser reloads: every answer is back
    for (const id of ids.slice(0, half)) await answer(student, id, key.get(id)!);
    for (const id of ids.slice(0, half)) await expect(student.locator(`#q-${id}`).getByTestId('save-state')).toHaveText('已保存');
    await student.reload();
    for (const id of ids.slice(0, half)) {
      const k = key.get(id)!;
      const card = student.locator(`#q-${id}`);
      if (k.type === 1 || k.type === 3) await expect(card.locator('input:checked')).toHaveCount(1);
      if (k.type === 2) await expect(card.locator('input:checked')).toHaveCount(k.answer.length);
      if (k.type === 4) await expect(card.getByLabel('第 1 空')).toHaveValue(k.answer[0]!.split('|')[0]!);
      if (k.type === 5) await expect(card.getByLabel('作答')).not.toHaveValue('');
    }

    // the network goes: answers wait in the browser, then go when it is back
    await student.context().setOffline(true);
    for (const id of ids.slice(half)) await answer(student, id, key.get(id)!);
    await expect(student.getByText('网络已断开，答案已暂存在本机')).toBeVisible();
    await expect(student.locator(`#q-${ids[half]}`).getByTestId('save-state')).toHaveText('已暂存在本机');
    await shot(student, 'offline');
    await student.context().setOffline(false);
    await expect(student.getByText('网络已恢复，答案已同步')).toBeVisible({ timeout: 20_000 });
    for (const id of ids) await expect(student.locator(`#q-${id}`).getByTestId('save-state')).toHaveText('已保存');

    // submit: objective scores at once, the short answers wait for the lecturer
    await student.getByRole('button', { name: '交卷' }).first().click();
    await expect(student.getByText(/都已作答/)).toBeVisible();
    await student.getByRole('button', { name: '确认交卷' }).click();
    await expect(student).toHaveURL(/\/exam\/result\?recordId=\d+/);
    await expect(student.getByText(/道主观题等待讲师批阅/)).toBeVisible();
    await expect(student.getByTestId('review-problem').first()).toContainText('正确答案');
    await shot(student, 'result-waiting');

    // the lecturer marks every short answer
    await lecturer.goto(`/account/exams/examAdmin?tab=mark&examId=${examId}`);
    await lecturer.getByRole('row', { name: /考生小李/ }).getByRole('button', { name: /^批\s?阅$/ }).click();
    const items = lecturer.getByTestId('mark-item');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      await items.nth(i).getByLabel('得分').fill('3');
      await items.nth(i).getByRole('button', { name: '确定得分' }).click();
      await expect(items.nth(i).getByText('已批阅')).toBeVisible();
    }
    await expect(lecturer.getByText('已批完')).toBeVisible();

    // the student's final result, and the wrong true/false answer in the book
    await student.goto(`/exam/result?recordId=${recordId}`);
    await expect(student.getByText(/已通过|未通过/)).toBeVisible();
    await expect(student.getByText(/道主观题等待讲师批阅/)).toHaveCount(0);
    await shot(student, 'result-final');
    await student.goto('/account/error/problem');
    await expect(student.getByRole('row').filter({ hasText: '判断题' }).first()).toBeVisible();
  });
});
