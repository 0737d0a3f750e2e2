import { devices, expect, test } from './journey.ts';
import { appApi, DEMO_PASSWORD, LECTURER, shanghaiAt } from './exams-support.ts';
import {
  handInTwoProblemPaper,
  noAxeViolations,
  noSidewaysScroll,
  run,
  twoProblemPaper,
} from './h5-learning-support.ts';

/**
 * A class exam on a phone: the teacher assigns a paper to the demo class, a member opens the class page on an
 * iPhone, sits the exam, reads the score with the rank in class and the explanations, and comes back to the class
 * page to find the result and the second attempt offered.
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

const DEMO_CLASS = '前端进阶训练营（春季班）';
/** A member of the demo class no other journey sits class exams with. */
const MEMBER = '13800000204';

test('a class member sits the class exam on a phone and reads the rank and the explanations', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const paperName = `班级手机考试 ${run}`;
  const examId = await twoProblemPaper(request, paperName);
  const teacher = await appApi(request, LECTURER, DEMO_PASSWORD);
  const classes = await (await request.post('/apis/exam/api/grade/info/list', { data: { pageSize: 50 } })).json();
  const gradeId: string = classes.data.list.find((g: { gradeName: string }) => g.gradeName === DEMO_CLASS).id;
  const assigned = await teacher('/exam/auth/grade/exam/save', {
    gradeId,
    examId,
    beginTime: shanghaiAt(-1),
    endTime: shanghaiAt(90),
    attemptLimit: 2,
    isShowAnswer: 1,
  });

  const login = await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile: MEMBER, password: DEMO_PASSWORD, clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  // the PC class address opens the H5 class page, whose exams section lists the new exam
  await page.goto(`/grade/view/${gradeId}`);
  await expect(page).toHaveURL(new RegExp(`/h5/grade/view/${gradeId}$`));
  const item = page.getByTestId('grade-exam-item').filter({ hasText: paperName });
  await expect(item).toContainText('可考 2 次');
  await noSidewaysScroll(page, 'grade-exam-class');
  await noAxeViolations(page);
  await item.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/exam\\?recordId=\\d+&gradeExamId=${assigned.id}$`));
  const recordId = new URL(page.url()).searchParams.get('recordId')!;

  await handInTwoProblemPaper(page);
  await expect(page).toHaveURL(new RegExp(`/h5/exam/gradeResult\\?recordId=${recordId}$`));
  await expect(page.getByTestId('result-score')).toHaveText('5');
  await expect(page.getByTestId('grade-rank')).toContainText(/计分成绩 5 分，班级第 \d+ 名/);
  await noSidewaysScroll(page, 'grade-exam-result');
  await noAxeViolations(page);

  await page.getByRole('link', { name: '只看错题（1）' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/gradeExplain\\?recordId=${recordId}&only=wrong$`));
  await expect(page.getByTestId('review-problem')).toHaveCount(1);
  await expect(page.getByText(`${paperName}：3 是偶数`)).toBeVisible();
  await page.getByRole('link', { name: /全部解析（2）/ }).click();
  await expect(page.getByTestId('review-problem')).toHaveCount(2);
  await expect(page.getByText(`${paperName}：一加二等于三`)).toBeVisible();
  await noSidewaysScroll(page, 'grade-exam-explain');

  // back in the class: the result, and the second attempt the exam allows
  await page.getByRole('link', { name: '返回班级' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/grade/view/${gradeId}$`));
  await expect(item).toContainText('已考 1 次，最高 5 分');
  await expect(item.getByRole('button', { name: '再考一次' })).toBeVisible();
  await item.getByRole('link', { name: '查看成绩' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/gradeResult\\?gradeExamId=${assigned.id}$`));
  await expect(page.getByTestId('grade-rank')).toContainText('计分成绩 5 分');
});
