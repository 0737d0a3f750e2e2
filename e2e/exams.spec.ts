import ExcelJS from 'exceljs';
import { expect, keptForLater, test } from './journey.ts';
import type { Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { adminApi } from './support.ts';
import {
  answer,
  answerKey,
  appApi,
  DEMO_PASSWORD,
  expectAnswered,
  LECTURER,
  markAll,
  problemIds,
  shot,
  signedIn,
  type Key,
} from './exams-support.ts';

/**
 * Exams as people use them: a lecturer builds a 50-problem paper of every type, it is approved, a student sits
 * it through a closed browser and two minutes without network, the lecturer marks it, the student reviews it
 * (explanation video included) and finds the wrong answers in the book, the lecturer exports the results; and
 * a paper whose student leaves it open is submitted by the deadline job.
 *
 * The two journeys share one run: the deadline paper starts first and is checked last, so its wait for the
 * deadline and the grace (one minute each) passes while the long journey runs.
 */
const PASSWORD = 'Secret123';
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ actionTimeout: 30_000 });

const run = Date.now() % 100000;

/* ---- the deadline: started first, checked last ---- */

let leaver: { page: Page; recordId: string; mobile: string; ids: string[]; key: Map<string, Key> };

test('a student answers a one-minute paper, then closes the laptop lid (the page stops)', async ({
  browser,
  request,
}) => {
  const lecturer = await appApi(request, LECTURER, DEMO_PASSWORD);
  const single = await lecturer('/exam/auth/exam/problem/save', {
    problemType: 1,
    problemContent: `限时题 ${run}：1 + 2 = ?`,
    options: [{ content: '2' }, { content: '3' }],
    answer: ['B'],
    score: 2,
  });
  const judge = await lecturer('/exam/auth/exam/problem/save', {
    problemType: 3,
    problemContent: `限时题 ${run}：3 是偶数`,
    answer: ['B'],
    score: 2,
  });
  const paper = await lecturer('/exam/auth/exam/audit/save', {
    examName: `一分钟限时卷 ${run}`,
    answerTime: 1,
    passScore: 1,
  });
  await lecturer('/exam/auth/exam/audit/save/exam/ref', {
    examId: paper.id,
    sections: [
      {
        titleName: '限时',
        problems: [
          { problemId: single.id, score: 2 },
          { problemId: judge.id, score: 2 },
        ],
      },
    ],
  });
  await lecturer('/exam/auth/exam/audit/is/submit/audit', { id: paper.id });
  await (
    await adminApi(request)
  )('/exam/admin/exam/audit/audit', { id: paper.id, auditStatus: 1, auditOpinion: '' });
  const preview = await lecturer('/exam/auth/exam/audit/preview', { examId: paper.id });
  const key = new Map<string, Key>(
    preview.sections[0].problems.map((p: { problem: { id: string; problemType: number; answer: string[] } }) => [
      p.problem.id,
      { type: p.problem.problemType, answer: p.problem.answer },
    ]),
  );

  const mobile = await registerViaApi(request, PASSWORD, '考生小吴');
  const page = await signedIn(browser, mobile, PASSWORD, '/account/exams', { clock: true });
  await page.goto(`/exam/view/${paper.id}`);
  await page.getByRole('link', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '我已阅读，开始考试' }).click();
  await expect(page).toHaveURL(/\/exam\/exam\?recordId=\d+/);
  await expect(page.getByTestId('exam-clock')).toHaveText(/^00:0[01]:/);
  const ids = await problemIds(page);
  await answer(page, ids[0]!, key.get(ids[0]!)!);
  await expect(page.locator(`#q-${ids[0]}`).getByTestId('save-state')).toHaveText('已保存');
  // from here the page's timers stand still, as in a sleeping laptop: nothing of the page submits the paper
  await page.clock.pauseAt(Date.now() + 1000);
  leaver = { page: keptForLater(page), recordId: new URL(page.url()).searchParams.get('recordId')!, mobile, ids, key };
});

/* ---- the long journey ---- */

test('a 50-problem paper of every type: built, approved, sat through a closed browser and an outage, marked, reviewed, in the book and exported', async ({
  browser,
  request,
}) => {
  // the administrator adds the subject the new problems and the paper are filed under
  const subject = `期末综合${run}`;
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('账号').fill('admin');
  await admin.getByLabel('密码').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: /登\s?录/ }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/exam-categories');
  await admin.getByRole('button', { name: '新增科目' }).click();
  await admin.getByLabel('科目名称').fill(subject);
  await admin.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(admin.getByRole('row', { name: new RegExp(subject) })).toContainText('0 道题 · 0 份试卷');
  await admin.context().close();

  // the lecturer writes a problem with an explanation video in the page (once the demo video is transcoded) …
  const lecturer = await signedIn(browser, LECTURER, DEMO_PASSWORD, '/account/subject/comprehend');
  await expect
    .poll(
      async () =>
        (
          await (await lecturer.request.post('/apis/course/auth/course/video/list', { data: { pageSize: 50 } })).json()
        ).data.list.some((v: { status: number }) => v.status === 3),
      {
        timeout: 120_000,
        intervals: [2_000],
      },
    )
    .toBe(true);
  await lecturer.goto('/account/subject/add');
  await lecturer.getByLabel('题干').fill(`${subject}：HTTP 默认端口是？`);
  for (const [i, o] of ['21', '80', '443', '8080'].entries())
    await lecturer.getByPlaceholder(`选项 ${'ABCD'[i]}`).fill(o);
  await lecturer.getByRole('radio', { name: 'B', exact: true }).check();
  await lecturer.getByLabel('解析').fill('HTTP 默认使用 80 端口，HTTPS 使用 443。');
  await lecturer.getByLabel('讲解视频').click();
  await lecturer.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)').first().click();
  await lecturer.getByLabel('科目').click();
  await lecturer.locator('.ant-select-item-option:visible', { hasText: subject }).click();
  await lecturer.getByRole('button', { name: '保存题目' }).click();
  await expect(lecturer).toHaveURL(/\/account\/subject\/comprehend$/);
  await expect(lecturer.getByText(`${subject}：HTTP 默认端口是？`)).toBeVisible();
  const subjectId: string = (
    await (await request.get('/apis/exam/api/grade/info/category')).json()
  ).data.subjectList.find((c: { categoryName: string }) => c.categoryName === subject).id;

  // … and the bulk of the bank through the API: every type, material problems with two sub-problems
  const save = async (body: object) => {
    const json = await (
      await lecturer.request.post('/apis/exam/auth/exam/problem/save', { data: { subjectId, ...body } })
    ).json();
    expect(json.msg).toBe('');
    return json.data.id as string;
  };
  for (let i = 1; i <= 11; i++)
    await save({
      problemType: 1,
      problemContent: `${subject} 单选 ${i}`,
      options: ['甲', '乙', '丙', '丁'].map((content) => ({ content })),
      answer: ['ABCD'[i % 4]],
    });
  for (let i = 1; i <= 8; i++)
    await save({
      problemType: 2,
      problemContent: `${subject} 多选 ${i}`,
      options: ['一', '二', '三', '四'].map((content) => ({ content })),
      answer: i % 2 ? ['A', 'C'] : ['B', 'C', 'D'],
    });
  for (let i = 1; i <= 8; i++)
    await save({ problemType: 3, problemContent: `${subject} 判断 ${i}`, answer: [i % 2 ? 'A' : 'B'] });
  for (let i = 1; i <= 9; i++)
    await save({ problemType: 4, problemContent: `${subject} 填空 ${i}：____ 和 ____`, answer: ['红', '蓝|青'] });
  for (let i = 1; i <= 3; i++)
    await save({ problemType: 5, problemContent: `${subject} 简答 ${i}`, answer: ['要点'], score: 5 });
  for (let i = 1; i <= 5; i++) {
    const parentId = await save({ problemType: 6, problemContent: `${subject} 材料 ${i}：阅读下面的代码` });
    await save({
      parentId,
      problemType: 1,
      problemContent: `材料 ${i} 小题一`,
      options: [{ content: '对' }, { content: '错' }],
      answer: ['A'],
    });
    await save({ parentId, problemType: 3, problemContent: `材料 ${i} 小题二`, answer: ['A'] });
  }
  // the paper, composed by rules: so many of each type from the subject
  await lecturer.goto('/account/exams/add');
  const examName = `五十题期末卷 ${run}`;
  await lecturer.getByLabel('试卷名称').fill(examName);
  await lecturer.getByLabel('科目').click();
  await lecturer.locator('.ant-select-item-option:visible', { hasText: subject }).click();
  await lecturer.getByLabel('答题时长').fill('60');
  await lecturer.getByLabel('及格分').fill('60');
  await lecturer.getByRole('button', { name: '创建试卷' }).click();
  await expect(lecturer).toHaveURL(/\/account\/exams\/add\?id=\d+&tab=compose/);
  const examId = new URL(lecturer.url()).searchParams.get('id')!;
  await lecturer.getByRole('tab', { name: '按规则组卷' }).click();
  await lecturer.getByLabel('规则 1 科目').click();
  await lecturer.locator('.ant-select-item-option:visible', { hasText: subject }).click();
  // each new rule takes the next type (single, multiple, true/false, fill, short, material) and the subject
  for (let i = 0; i < 5; i++) await lecturer.getByRole('button', { name: '添加规则' }).click();
  for (const [i, count] of [12, 8, 8, 9, 3, 5].entries())
    await lecturer.getByLabel(`规则 ${i + 1} 题目数量`).fill(String(count));
  await lecturer.getByLabel('规则 5 每题分值').fill('5');
  await lecturer.getByRole('button', { name: '按规则抽题组卷' }).click();
  await expect(lecturer.getByTestId('compose-section')).toHaveCount(6);
  // 12×2 + 8×2 + 8×2 + 9×2 + 3×5 + 5 materials × (2 + 2)
  await expect(lecturer.getByText('50 题 / 109 分')).toBeVisible();
  await shot(lecturer, 'compose');

  await lecturer.goto('/account/exams/examAdmin');
  const row = lecturer.getByRole('row', { name: new RegExp(examName) });
  await row.getByRole('button', { name: '提交审核' }).click();
  await lecturer.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(row.getByText('待审核')).toBeVisible();

  // the administrator approves it: approval publishes it and, as a first release, puts it on the shelf
  await (
    await adminApi(request)
  )('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1, auditOpinion: '' });
  await lecturer.reload();
  await expect(row.getByText('已通过')).toBeVisible();
  await expect(row.getByText('已上架')).toBeVisible();
  const key = await answerKey(lecturer, examId);
  expect(key.size).toBe(55);

  // a student starts it and answers the first twenty, each saved, then closes the browser
  const mobile = await registerViaApi(request, PASSWORD, '考生小周');
  const studentApi = await appApi(request, mobile, PASSWORD);
  const first = await signedIn(browser, mobile, PASSWORD, '/account/exams');
  await first.goto(`/exam/view/${examId}`);
  await first.getByRole('link', { name: '开始考试' }).click();
  await first.getByRole('button', { name: '我已阅读，开始考试' }).click();
  await expect(first).toHaveURL(/\/exam\/exam\?recordId=\d+/);
  const recordId = new URL(first.url()).searchParams.get('recordId')!;
  const ids = await problemIds(first);
  expect(ids).toHaveLength(50);
  for (const id of ids.slice(0, 20)) await answer(first, id, key.get(id)!);
  for (const id of ids.slice(0, 20))
    await expect(first.locator(`#q-${id}`).getByTestId('save-state')).toHaveText('已保存');
  await first.context().close();

  // another browser: every answer is back
  const page = await signedIn(browser, mobile, PASSWORD, '/account/exams', { clock: true });
  await page.goto(`/exam/view/${examId}`);
  await page.getByRole('link', { name: '继续考试' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/exam\\?recordId=${recordId}$`));
  for (const id of ids.slice(0, 20)) await expectAnswered(page, id, key.get(id)!);
  await expect(page.getByText('已答 20/50')).toBeVisible();

  // the network goes for two minutes: the answers given meanwhile wait in the browser, and go when it is back
  await page.context().setOffline(true);
  for (const id of ids.slice(20, 35)) await answer(page, id, key.get(id)!);
  await expect(page.getByText('网络已断开，答案已暂存在本机')).toBeVisible();
  for (const id of ids.slice(20, 35))
    await expect(page.locator(`#q-${id}`).getByTestId('save-state')).toHaveText('已暂存在本机');
  await page.clock.fastForward('02:00');
  await expect(page.getByTestId('exam-clock')).toHaveText(/^00:5[4-7]:/);
  await shot(page, 'offline');
  expect((await studentApi('/exam/auth/user/exam/record/continue', { recordId })).answers).toHaveLength(20);
  await page.context().setOffline(false);
  await expect(page.getByText('网络已恢复，答案已同步')).toBeVisible({ timeout: 20_000 });
  for (const id of ids.slice(0, 35))
    await expect(page.locator(`#q-${id}`).getByTestId('save-state')).toHaveText('已保存');
  const onServer = await studentApi('/exam/auth/user/exam/record/continue', { recordId });
  expect(onServer.answers).toHaveLength(35);

  // the rest, then the paper goes in: objective scores at once, the short answers wait for the lecturer
  for (const id of ids.slice(35)) await answer(page, id, key.get(id)!);
  for (const id of ids.slice(35)) await expect(page.locator(`#q-${id}`).getByTestId('save-state')).toHaveText('已保存');
  await page.getByRole('button', { name: '交卷' }).first().click();
  await expect(page.getByText('全部 50 题都已作答')).toBeVisible();
  await page.getByRole('button', { name: '确认交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/result\\?recordId=${recordId}$`));
  await expect(page.getByText('3 道主观题等待讲师批阅')).toBeVisible();
  // everything right except the 13 true/false answers: 24 + 16 + 18 + 5 × 2
  await expect(page.getByTestId('result-score')).toHaveText('68');

  // the analysis of the problem written in the page comes with its explanation video
  const withVideo = page.getByTestId('review-problem').filter({ hasText: 'HTTP 默认端口是？' });
  await expect(withVideo).toContainText('HTTP 默认使用 80 端口');
  await withVideo.getByRole('button', { name: '观看讲解视频' }).click();
  const video = withVideo.getByTestId('explain-video').locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await shot(page, 'result-video');

  // the lecturer marks the three short answers; the student's final result
  expect(await markAll(lecturer, examId, /考生小周/, 3)).toBe(3);
  await page.reload();
  await expect(page.getByTestId('result-score')).toHaveText('77');
  await expect(page.getByText('已通过（及格 60 分）')).toBeVisible();

  // every wrong answer is in the book, under the subject
  await page.goto('/account/error/problem');
  await expect(page.getByText(`${subject}（13）`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '判断题' })).toHaveCount(13);

  // the export: one row for the one submission, with the final score
  await lecturer.goto('/account/exams/examAdmin');
  const downloading = lecturer.waitForEvent('download');
  await lecturer
    .getByRole('row', { name: new RegExp(examName) })
    .getByRole('button', { name: '导出成绩' })
    .click();
  const file = await (await downloading).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('成绩')!;
  expect(ws.rowCount).toBe(2);
  const values = (ws.getRow(2).values as unknown[]).slice(1);
  expect(values.slice(0, 2)).toEqual(['考生小周', mobile]);
  expect(values.slice(4, 10)).toEqual(['学员交卷', 68, 9, 77, 109, '及格']);
});

/* ---- the deadline, checked ---- */

test('the job submits the abandoned paper after the deadline and the grace; the late answer is refused, clearly', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { page, recordId, mobile, ids, key } = leaver;
  const student = await appApi(request, mobile, PASSWORD);
  // one minute to answer and one of grace, counted from the start, then the job (the page does nothing: it sleeps)
  await expect
    .poll(
      async () =>
        (await student('/exam/auth/user/exam/record/list', {})).list.find(
          (r: { recordId: string }) => r.recordId === recordId,
        )?.status,
      {
        timeout: 200_000,
        intervals: [3_000],
      },
    )
    .toBe(3);
  const [record] = (await student('/exam/auth/user/exam/record/list', {})).list;
  expect(record).toMatchObject({ recordId, isAutoSubmit: 1, objectiveScore: 2 });

  // the laptop wakes: the answer given now is refused, and the page says the exam is over
  await answer(page, ids[1]!, key.get(ids[1]!)!);
  await page.clock.runFor(1000);
  await expect(page.getByRole('alert').filter({ hasText: '考试已结束，答案未能保存' })).toBeVisible();
  await expect(page.locator(`#q-${ids[1]}`).getByTestId('save-state')).toHaveText('未保存');
  await shot(page, 'deadline-refused');
  await page.getByRole('button', { name: '查看成绩' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/result\\?recordId=${recordId}$`));
  await expect(page.getByText('（到时自动交卷）')).toBeVisible();
  await expect(page.getByTestId('result-score')).toHaveText('2');
  await page.context().close();
});
