import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './journey.ts';
import { answerCard, appApi, DEMO_PASSWORD, LECTURER, sessionOf, shanghaiAt } from './exams-support.ts';
import { registerViaApi } from './server-log.ts';
import { shotsIn } from './review-shot.ts';

/**
 * What membership gives and what leaving takes away: a member studies a paid class course without buying it while
 * a learner outside the class is asked to buy; the member's class exam waits for the teacher, who marks it in the
 * class's exams tab and reads the total in the summary; the teacher moves the member out and the next lesson
 * request is refused. The class is made for this journey, so the demo class keeps its five members.
 */
const PASSWORD = 'Member2026x';
const COURSE = 'JavaScript 进阶：异步与模块化';
/** a lesson of a paid chapter: locked to anyone who has not bought the course */
const LESSON = 'Promise 详解';
const PAPER = 'Python 与数据库综合测试';

const shot = shotsIn('test-results/grade-members');
const timeOf = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** The lesson's play call, as the player makes it: 200 when this browser may watch it. */
async function playCode(page: Page, periodId: string): Promise<number> {
  const res = await page.request.post('/apis/vod/auth/videoInfo/play', { data: { periodId } });
  return (await res.json()).code;
}

test('a member studies a paid class course and sits its exam; the teacher marks it, then moves the member out', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1e6;
  const nickname = `班级学员${stamp}`;
  const memberMobile = await registerViaApi(request, PASSWORD, nickname);
  const outsiderMobile = await registerViaApi(request, PASSWORD, `旁听者${stamp}`);

  // the teacher's class, with a paid course of theirs and the new learner in it
  const teacher = await appApi(request, LECTURER, DEMO_PASSWORD);
  const grade = await teacher('/exam/auth/grade/info/save', {
    gradeName: `异步编程精读班 ${stamp}`,
    introduction: '四周精读异步编程，每周一次测验。',
    capacity: 0,
    beginTime: shanghaiAt(-60),
    endTime: shanghaiAt(60 * 24 * 30),
    joinRule: 2,
  });
  const courses = await (
    await request.post('/apis/course/api/course/list', { data: { keyword: COURSE, pageSize: 5 } })
  ).json();
  const course = courses.data.list.find((c: { courseName: string }) => c.courseName === COURSE);
  expect(course.isFree).toBe(0);
  await teacher('/exam/auth/grade/course/save', { gradeId: grade.id, courseIds: [course.id] });
  await teacher('/exam/auth/grade/student/add', { gradeId: grade.id, mobile: memberMobile });

  // the member: the paid chapter is open on the course page, and its lesson plays
  const member = await sessionOf(browser, memberMobile, PASSWORD);
  await member.goto(`/view/${course.id}`);
  const lessonLink = member.locator('.qk-period').filter({ hasText: LESSON });
  await expect(lessonLink).toBeVisible();
  await expect(member.locator('.qk-period.is-locked')).toHaveCount(0);
  await lessonLink.click();
  await expect(member).toHaveURL(new RegExp(`/view/${course.id}/period/\\d+$`));
  const periodId = /\/period\/(\d+)/.exec(member.url())![1]!;
  // the demo videos are transcoded after the server starts
  await expect.poll(() => playCode(member, periodId), { timeout: 120_000, intervals: [2_000] }).toBe(200);
  await member.reload();
  await member.getByRole('button', { name: /播放/ }).click();
  const video = member.locator('video');
  await expect.poll(() => timeOf(video), { timeout: 20_000 }).toBeGreaterThan(1.5);
  await shot(member, '1-member-plays');
  await video.evaluate((v: HTMLVideoElement) => v.pause());

  // a learner outside the class is asked to buy the same lesson
  const outsider = await sessionOf(browser, outsiderMobile, PASSWORD);
  await outsider.goto(`/view/${course.id}`);
  await outsider.locator('.qk-period.is-locked').filter({ hasText: LESSON }).click();
  await expect(outsider.getByRole('alert').filter({ hasText: '请先购买' })).toBeVisible();
  await expect(outsider.locator('video')).toHaveCount(0);
  await expect(outsider.getByRole('link', { name: '去课程主页购买' })).toBeVisible();
  expect(await playCode(outsider, periodId)).not.toBe(200);
  await shot(outsider, '2-outsider-refused');

  // a class exam with short answers: handed in, it waits for the teacher's marking
  const exams = await teacher('/exam/auth/exam/list', { pageSize: 50 });
  const examId: string = exams.list.find((p: { examName: string }) => p.examName === PAPER).id;
  await teacher('/exam/auth/grade/exam/save', {
    gradeId: grade.id,
    examId,
    beginTime: shanghaiAt(-1),
    endTime: shanghaiAt(90),
    attemptLimit: 1,
    isShowAnswer: 1,
  });
  await member.goto(`/grade/view/${grade.id}`);
  await member
    .getByTestId('grade-exam-item')
    .filter({ hasText: PAPER })
    .getByRole('button', { name: /^开\s?始$/ })
    .click();
  await expect(member).toHaveURL(/\/exam\/exam\?recordId=\d+&gradeExamId=\d+$/);
  const cards = member.getByTestId('exam-problem');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i++) await answerCard(cards.nth(i), '用事务保证一组写入要么全部成功，要么全部撤销。');
  for (let i = 0; i < count; i++) await expect(cards.nth(i).getByTestId('save-state')).toHaveText('已保存');
  await member.getByRole('button', { name: '交卷' }).first().click();
  await member.getByRole('button', { name: '确认交卷' }).click();
  await expect(member).toHaveURL(/\/exam\/gradeResult\?recordId=\d+$/);
  await expect(member.getByText(/主观题 待批阅/)).toBeVisible();

  // the teacher marks the short answers from the class's exams tab
  const desk = await sessionOf(browser, LECTURER, DEMO_PASSWORD);
  await desk.goto(`/account/grades/teacher?id=${grade.id}&tab=exams`);
  const marking = desk.getByTestId('grade-marking');
  const sheet = marking.getByRole('row', { name: new RegExp(nickname) });
  // the teacher's page runs some 190 modules before it asks for its lists: on a two-core machine shared with the other
  // worker's browser and server, 20 s have been seen between the page's arrival and those calls
  await expect(sheet).toContainText('待批阅', { timeout: 60_000 });
  await sheet.getByRole('button', { name: /^批\s?阅$/ }).click();
  const items = desk.getByTestId('mark-item');
  await expect(items.first()).toBeVisible();
  const toMark = await items.count();
  expect(toMark).toBeGreaterThan(0);
  for (let i = 0; i < toMark; i++) {
    await items.nth(i).getByLabel('得分').fill('6');
    await items.nth(i).getByRole('button', { name: '确定得分' }).click();
    await expect(items.nth(i).getByText('已批阅')).toBeVisible();
  }
  const drawer = desk.getByRole('dialog', { name: new RegExp(`^批阅：${nickname}`) });
  await expect(drawer.getByText('已批完')).toBeVisible();
  await expect(drawer).toContainText(new RegExp(`主观题\\s*${toMark * 6} 分`));
  const total = Number(/当前总分\s*(\d+)\s*\//.exec((await drawer.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(toMark * 6);
  await shot(desk, '3-marked');
  await desk.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // the summary shows the marked total against the member
  await desk.goto(`/account/grades/teacher?id=${grade.id}&tab=summary`);
  const summaryRow = desk.getByRole('row', { name: new RegExp(nickname) });
  await expect(summaryRow).toContainText(`${total} 分`);
  await expect(desk.getByRole('img', { name: '班级学习进度图表' }).locator('canvas')).toBeVisible();
  await shot(desk, '4-summary');
  // the export carries the same total in the exam's column
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: /导出 Excel/ }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await (await download).path())!);
  const sheetRows = book.getWorksheet('学习统计')!.getSheetValues() as unknown[][];
  const header = sheetRows[1]!;
  const line = sheetRows.find((r) => r?.includes(nickname))!;
  expect(line[header.indexOf(`${PAPER}（分）`)]).toBe(total);
  // and the member's result page the final score
  await member.reload();
  await expect(member.getByTestId('result-score')).toHaveText(String(total));

  // the teacher moves the member out: the next lesson request is refused
  await desk.goto(`/account/grades/teacher?id=${grade.id}&tab=members`);
  const row = desk.getByRole('row', { name: new RegExp(nickname) });
  await row.getByRole('button', { name: /^移\s?出$/ }).click();
  await desk
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^移\s?出$/ })
    .click();
  await expect(desk.getByText('已移出班级')).toBeVisible();
  await expect(row).toHaveCount(0);
  await shot(desk, '5-kicked');

  expect(await playCode(member, periodId)).not.toBe(200);
  await member.goto(`/view/${course.id}/period/${periodId}`);
  await expect(member.getByRole('alert').filter({ hasText: '请先购买' })).toBeVisible();
  await expect(member.locator('video')).toHaveCount(0);
  await shot(member, '6-member-refused');
  // and is told why
  await member.goto('/account/message');
  await expect(member.getByText('您已被移出班级').first()).toBeVisible();
});
