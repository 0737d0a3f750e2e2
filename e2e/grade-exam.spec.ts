import { expect, test } from './journey.ts';
import {
  answer,
  answerCard,
  answerKey,
  appApi,
  DEMO_PASSWORD,
  expectAnswered,
  givenAnswer,
  LECTURER,
  problemIds,
  sessionOf,
  shanghaiAt,
} from './exams-support.ts';
import { shotsIn } from './review-shot.ts';

/**
 * A class exam: the teacher assigns a paper of their bank to the demo class (through the teacher's calls: the
 * panel is mounted into class management by another page), a member sits it through a network cut and sees the
 * result with the rank in class; someone outside the class is refused in words.
 */
const DEMO_CLASS = '前端进阶训练营（春季班）';
const PAPER = 'Python 与数据库综合测试';
const MEMBER = '13800000205';
/** The demo class's own open exam (seeded), which MEMBER has not sat yet. */
const OPEN_PAPER = 'Python 基础小测';
const CUT_MS = 120_000;
const OUTSIDER = '13800000001';
const NOT_A_MEMBER = '您不是该班级的成员，不能参加班级考试';

const shot = shotsIn('test-results/grade-exam');

test('a member sits a class exam through a network cut and sees the rank; an outsider is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const teacher = await appApi(request, LECTURER, DEMO_PASSWORD);
  const classes = await (await request.post('/apis/exam/api/grade/info/list', { data: { pageSize: 50 } })).json();
  const gradeId: string = classes.data.list.find((g: { gradeName: string }) => g.gradeName === DEMO_CLASS).id;
  const papers = await teacher('/exam/auth/exam/list', { pageSize: 50 });
  const examId: string = papers.list.find((p: { examName: string }) => p.examName === PAPER).id;
  const assigned = await teacher('/exam/auth/grade/exam/save', {
    gradeId,
    examId,
    beginTime: shanghaiAt(-1),
    endTime: shanghaiAt(90),
    attemptLimit: 1,
    isShowAnswer: 1,
  });

  // the member opens the class page and starts the exam from its exams section
  const page = await sessionOf(browser, MEMBER);
  await page.goto(`/grade/view/${gradeId}`);
  const item = page.getByTestId('grade-exam-item').filter({ hasText: PAPER });
  await expect(item).toContainText('可考 1 次');
  await shot(page, '1-class-page');
  await item.getByRole('button', { name: /^开\s?始$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/exam\\?recordId=\\d+&gradeExamId=${assigned.id}$`));
  const recordId = new URL(page.url()).searchParams.get('recordId')!;
  const cards = page.getByTestId('exam-problem');
  await expect(cards.first()).toBeVisible();

  for (let i = 0; i < 3; i++) await answerCard(cards.nth(i));
  for (let i = 0; i < 3; i++) await expect(cards.nth(i).getByTestId('save-state')).toHaveText('已保存');

  // the network goes for a moment: the answers wait in the browser and go when it is back
  await page.context().setOffline(true);
  for (let i = 3; i < 6; i++) await answerCard(cards.nth(i));
  await expect(page.getByText('网络已断开，答案已暂存在本机')).toBeVisible();
  for (let i = 3; i < 6; i++) await expect(cards.nth(i).getByTestId('save-state')).toHaveText('已暂存在本机');
  await shot(page, '2-offline');
  await page.context().setOffline(false);
  await expect(page.getByText('网络已恢复，答案已同步')).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 6; i++) await expect(cards.nth(i).getByTestId('save-state')).toHaveText('已保存');
  const member = await appApi(request, MEMBER, DEMO_PASSWORD);
  const onServer = await member('/exam/auth/grade/exam/student/relation/continue', { recordId });
  expect(onServer.answers).toHaveLength(6);

  // handed in: every answer kept, the objective part scored, the rank in the class
  await page.getByRole('button', { name: '交卷' }).first().click();
  await page.getByRole('button', { name: '确认交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/gradeResult\\?recordId=${recordId}$`));
  await expect(page.getByTestId('grade-rank')).toContainText(/班级第 \d+ 名/);
  await expect(page.getByTestId('result-score')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('grade-rank')).toContainText('班级共 5 人');
  const view = await member('/exam/auth/grade/student/exam/answer/view', { recordId });
  type Result = { answer: string[] } | null;
  type Problem = { result: Result; children: { result: Result }[] };
  const given = (view.sections as { problems: Problem[] }[])
    .flatMap((s) => s.problems.flatMap((p) => (p.result ? [p.result] : p.children.map((c) => c.result))))
    .filter((r) => r !== null && r.answer.some((a) => a.trim() !== ''));
  expect(given).toHaveLength(6);
  await shot(page, '3-result');
  await page.getByRole('link', { name: '查看解析' }).click();
  await expect(page).toHaveURL(/\/exam\/gradeExplain\?recordId=\d+$/);
  await expect(page.getByText('正确答案').first()).toBeVisible();
  await shot(page, '4-explain');

  // the class page now offers the result, not another attempt
  await page.goto(`/grade/view/${gradeId}`);
  await expect(item.getByRole('button', { name: /查看成绩/ })).toBeVisible();
  await expect(item.getByRole('button', { name: /^开\s?始$/ })).toHaveCount(0);
  await page.context().close();

  // someone outside the class: no exams on the class page, and refused in words
  const outsider = await sessionOf(browser, OUTSIDER);
  await outsider.goto(`/grade/view/${gradeId}`);
  await expect(outsider.getByRole('heading', { name: DEMO_CLASS })).toBeVisible();
  await expect(outsider.getByTestId('grade-exams')).toHaveCount(0);
  await outsider.goto(`/exam/gradeResult?gradeExamId=${assigned.id}`);
  await expect(outsider.getByText(NOT_A_MEMBER)).toBeVisible();
  await shot(outsider, '5-outsider');
  const check = await (
    await outsider.request.post('/apis/exam/auth/grade/exam/student/relation/check', {
      data: { gradeExamId: assigned.id },
    })
  ).json();
  expect(check).toMatchObject({ code: 999, msg: NOT_A_MEMBER });
});

test('a member answers the open class exam through a two-minute network cut and every answer is kept', async ({
  browser,
  request,
}) => {
  test.setTimeout(6 * 60_000);
  const teacher = await appApi(request, LECTURER, DEMO_PASSWORD);
  const member = await appApi(request, MEMBER, DEMO_PASSWORD);
  const classes = await (await request.post('/apis/exam/api/grade/info/list', { data: { pageSize: 50 } })).json();
  const gradeId: string = classes.data.list.find((g: { gradeName: string }) => g.gradeName === DEMO_CLASS).id;
  const papers = await teacher('/exam/auth/exam/list', { pageSize: 50 });
  const examId: string = papers.list.find((p: { examName: string }) => p.examName === OPEN_PAPER).id;
  const key = await answerKey(await sessionOf(browser, LECTURER), examId);

  const page = await sessionOf(browser, MEMBER);
  await page.goto(`/grade/view/${gradeId}`);
  const item = page.getByTestId('grade-exam-item').filter({ hasText: OPEN_PAPER });
  await item.getByRole('button', { name: /^开\s?始$/ }).click();
  await expect(page).toHaveURL(/\/exam\/exam\?recordId=\d+&gradeExamId=\d+$/);
  const recordId = new URL(page.url()).searchParams.get('recordId')!;
  const ids = await problemIds(page);
  expect(ids).toHaveLength(5);
  const state = (id: string) => page.locator(`#q-${id}`).getByTestId('save-state');
  for (const id of ids.slice(0, 2)) await answer(page, id, key.get(id)!);
  for (const id of ids.slice(0, 2)) await expect(state(id)).toHaveText('已保存');

  // the network goes for two minutes of real time; answers given at its start and near its end wait in the browser
  const cutAt = Date.now();
  await page.context().setOffline(true);
  for (const id of ids.slice(2, 4)) await answer(page, id, key.get(id)!);
  await expect(page.getByText('网络已断开，答案已暂存在本机')).toBeVisible();
  for (const id of ids.slice(2, 4)) await expect(state(id)).toHaveText('已暂存在本机');
  await page.waitForTimeout(CUT_MS - 20_000 - (Date.now() - cutAt));
  await answer(page, ids[4]!, key.get(ids[4]!)!);
  await expect(state(ids[4]!)).toHaveText('已暂存在本机');
  expect((await member('/exam/auth/grade/exam/student/relation/continue', { recordId })).answers).toHaveLength(2);
  await shot(page, '6-two-minutes-offline');
  await page.waitForTimeout(CUT_MS - (Date.now() - cutAt));
  expect(Date.now() - cutAt).toBeGreaterThanOrEqual(CUT_MS);
  await page.context().setOffline(false);

  // back: the queue goes, the page shows every answer saved, and the paper goes in
  await expect(page.getByText('网络已恢复，答案已同步')).toBeVisible({ timeout: 30_000 });
  for (const id of ids) await expect(state(id)).toHaveText('已保存');
  for (const id of ids) await expectAnswered(page, id, key.get(id)!);
  await page.getByRole('button', { name: '交卷' }).first().click();
  await page.getByRole('button', { name: '确认交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/gradeResult\\?recordId=${recordId}$`));
  await expect(page.getByTestId('result-score')).toHaveText(/^\d+$/);
  await shot(page, '7-after-the-cut');

  // the stored record holds exactly what was given, before, during and at the end of the cut
  const view = await member('/exam/auth/grade/student/exam/answer/view', { recordId });
  type Problem = { problem: { id: string }; result: { answer: string[] } | null };
  const stored = new Map(
    (view.sections as { problems: Problem[] }[])
      .flatMap((s) => s.problems)
      .map((p) => [p.problem.id, p.result?.answer ?? []]),
  );
  for (const id of ids) expect(stored.get(id), `problem ${id}`).toEqual(givenAnswer(key.get(id)!));
  await page.context().close();
});
