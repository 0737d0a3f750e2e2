import { devices, expect, test, type Page } from './journey.ts';
import path from 'node:path';
import {
  handInTwoProblemPaper,
  noAxeViolations,
  noSidewaysScroll,
  run,
  SHOTS,
  signIn,
  twoProblemPaper,
} from './h5-learning-support.ts';
import { reviewShot } from './review-shot.ts';

/**
 * The exam centre, the explanations, 我的收藏 and 意见反馈 on a phone, as a learner uses them (iPhone 13 profile,
 * played by Chromium: the iPhone's WebKit is not installed here).
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);

/** No sideways scroll at 390, 375 and 320 px, with a screenshot at 320 and 390 px as well as noSidewaysScroll's. */
async function phoneWide(page: Page, shot: string) {
  await noSidewaysScroll(page, shot);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await reviewShot(page, `${SHOTS}/${shot}-${width}.png`);
  }
}

test('a phone learner finds a paper in the exam centre, sits it and reads the explanations', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const paperName = `考试中心试卷 ${run}`;
  const examId = await twoProblemPaper(request, paperName);
  await signIn(page, request);

  // a desktop link to the exam centre opens the H5 one
  await page.goto('/exam');
  await expect(page).toHaveURL(/\/h5\/exam$/);
  const all = page.getByRole('list', { name: /^试卷，共 \d+ 份$/ });
  await expect(all.getByRole('listitem').first()).toBeVisible();
  await phoneWide(page, 'exam-centre');
  await noAxeViolations(page);
  const filters = page.getByRole('navigation', { name: '试卷筛选' });
  await filters.getByRole('link', { name: '免费', exact: true }).click();
  await expect(page).toHaveURL(/\/h5\/exam\?free=1$/);
  await expect(filters.getByRole('link', { name: '免费', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('list', { name: /^试卷，共 \d+ 份$/ }).getByText('付费')).toHaveCount(0);

  // search by name: only this paper
  await page.getByRole('searchbox', { name: '试卷名称' }).fill(paperName);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/h5\/exam\?q=/);
  const found = page.getByRole('list', { name: '试卷，共 1 份' });
  await expect(found).toContainText(paperName);
  await expect(page.getByText('已显示全部 1 份试卷')).toBeVisible();
  await phoneWide(page, 'exam-centre-search');
  await found.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/view/${examId}$`));
  await expect(page.getByRole('heading', { level: 1, name: paperName })).toBeVisible();

  await page.getByRole('link', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/h5\/exam\/exam\?recordId=\d+$/);
  await handInTwoProblemPaper(page);

  // the result: the score and the answer sheet; the explanations are a tap away
  await expect(page).toHaveURL(/\/h5\/exam\/result\?recordId=\d+$/);
  const recordId = new URL(page.url()).searchParams.get('recordId')!;
  await expect(page.getByTestId('result-score')).toHaveText('5');
  await expect(page.getByTestId('review-problem')).toHaveCount(0);
  await phoneWide(page, 'exam-result');
  await noAxeViolations(page);
  await page.getByRole('link', { name: '查看解析' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/explain\\?recordId=${recordId}$`));
  await expect(page.getByRole('heading', { level: 1, name: paperName })).toBeVisible();
  const reviewed = page.getByTestId('review-problem');
  await expect(reviewed).toHaveCount(2);
  // each problem: my answer, the right answer and the analysis
  await expect(reviewed.nth(0).locator('.qk-exam-answer')).toContainText('我的答案B');
  await expect(reviewed.nth(0).locator('.qk-exam-answer')).toContainText('正确答案B');
  await expect(reviewed.nth(0).locator('.qk-exam-answer')).toContainText(`${paperName}：一加二等于三`);
  await expect(reviewed.nth(1).locator('.qk-exam-answer')).toContainText('正确答案错误');
  await phoneWide(page, 'exam-explain');
  await noAxeViolations(page);
  await page.getByRole('link', { name: '只看错题（1）' }).click();
  await expect(page).toHaveURL(/&only=wrong$/);
  await expect(reviewed).toHaveCount(1);
  await expect(reviewed).toContainText(`${paperName}：3 是偶数`);

  // a number on the result's answer sheet opens that problem's explanation
  await page.goto(`/h5/exam/result?recordId=${recordId}`);
  await page.locator('.qk-exam-card__grid a').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/explain\\?recordId=${recordId}#q-\\d+$`));
  // and the PC explanation link of a phone lands here too
  await page.goto(`/exam/explain?recordId=${recordId}&only=wrong`);
  await expect(page).toHaveURL(new RegExp(`/h5/exam/explain\\?recordId=${recordId}&only=wrong$`));
});

test('a phone learner collects a course and a paper, finds them in 我的收藏 and removes them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, request);
  const courses = await (
    await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 1, pageSize: 1 } })
  ).json();
  const course: { id: string; courseName: string } = courses.data.list[0];
  const papers = await (await request.post('/apis/exam/api/exam/info/list', { data: { pageSize: 1 } })).json();
  const paper: { id: string; examName: string } = papers.data.list[0];

  await page.goto(`/h5/view/${course.id}`);
  await page.getByRole('button', { name: '☆ 收藏' }).click();
  await expect(page.getByRole('button', { name: '★ 已收藏' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/h5/exam/view/${paper.id}`);
  await page.getByRole('button', { name: '☆ 收藏' }).click();
  await expect(page.getByRole('button', { name: '★ 已收藏' })).toBeVisible();

  await page.goto('/h5/my');
  await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: '我的收藏' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/collection$/);
  const collected = page.getByRole('list', { name: '收藏的课程，共 1 个' });
  await expect(collected).toContainText(course.courseName);
  await phoneWide(page, 'collection');
  await noAxeViolations(page);
  const kinds = page.getByRole('navigation', { name: '收藏类型' });
  await kinds.getByRole('link', { name: '试卷' }).click();
  await expect(page).toHaveURL(/\?tab=exam$/);
  await expect(page.getByRole('list', { name: '收藏的试卷，共 1 个' })).toContainText(paper.examName);
  await phoneWide(page, 'collection-papers');
  await kinds.getByRole('link', { name: '博客' }).click();
  await expect(page.getByText('还没有收藏博客')).toBeVisible();

  // remove the course: asked first, then gone from the list and from the course page's button
  await kinds.getByRole('link', { name: '课程' }).click();
  await collected.getByRole('button', { name: '取消收藏' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`取消收藏“${course.courseName}”？`);
  await dialog.getByRole('button', { name: '再想想' }).click();
  await expect(collected).toContainText(course.courseName);
  await collected.getByRole('button', { name: '取消收藏' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消收藏' }).click();
  await expect(page.getByText('还没有收藏课程')).toBeVisible();
  await page.goto(`/h5/view/${course.id}`);
  await expect(page.getByRole('button', { name: '☆ 收藏' })).toHaveAttribute('aria-pressed', 'false');
});

test('a phone learner sends feedback with a screenshot and sees it in 我的反馈', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, request);
  await page.goto('/h5/my');
  await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: '意见反馈' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/feedback$/);
  await expect(page.getByText('还没有提交过反馈')).toBeVisible();

  // nothing written: the form says so and sends nothing
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('请填写反馈内容')).toBeVisible();
  await page.getByLabel('反馈内容').fill('太短');
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('反馈内容至少写 5 个字')).toBeVisible();
  await phoneWide(page, 'feedback-errors');

  // a file that is not a picture is refused before it is sent; a picture is shown as a thumbnail
  await page.getByLabel('添加截图').setInputFiles(fixture('not-an-image.txt'));
  await expect(page.getByText('仅支持 JPG、PNG、WebP、GIF 图片')).toBeVisible();
  await expect(page.getByRole('img', { name: '截图 1', exact: true })).toHaveCount(0);
  await page.getByLabel('添加截图').setInputFiles(fixture('head.png'));
  await expect(page.getByRole('img', { name: '截图 1', exact: true })).toBeVisible();

  const content = `手机上播放视频时倍速按钮有时点不动 ${run}`;
  await page.getByRole('radio', { name: '使用问题' }).check();
  await page.getByLabel('反馈内容').fill(content);
  await page.getByLabel('联系方式（选填）').fill('wx_phone_learner');
  await phoneWide(page, 'feedback-filled');
  await page.getByRole('button', { name: '提交反馈' }).click();

  const mine = page.getByRole('list', { name: '我的反馈，共 1 条' });
  await expect(mine).toContainText(content);
  await expect(mine).toContainText('使用问题');
  await expect(mine).toContainText('待回复');
  await expect(mine.getByRole('img', { name: '反馈截图 1' })).toBeVisible();
  // the form is empty again for the next one
  await expect(page.getByLabel('反馈内容')).toHaveValue('');
  await expect(page.getByRole('img', { name: '截图 1', exact: true })).toHaveCount(0);
  await phoneWide(page, 'feedback-sent');
  // the thanks fades out first: half-faded, its text would be read as too faint against the page
  await expect(page.getByText('感谢反馈，我们会尽快处理')).toBeHidden();
  await noAxeViolations(page);
  // the PC address of the page leads a phone here
  await page.goto('/account/feedback');
  await expect(page).toHaveURL(/\/h5\/account\/feedback$/);
});
