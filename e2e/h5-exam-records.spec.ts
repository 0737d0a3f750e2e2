import { devices, expect, test, type Page } from './journey.ts';
import {
  handInTwoProblemPaper,
  noAxeViolations,
  noSidewaysScroll,
  PASSWORD,
  run,
  twoProblemPaper,
} from './h5-learning-support.ts';
import { registerViaApi } from './server-log.ts';

/**
 * 我的试卷 and 考试记录 on a phone: a new learner sits one paper and leaves another open, then comes back to both
 * from 我的 (iPhone 13 profile, played by Chromium: the iPhone's WebKit
 * is not installed here).
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

/** From the paper's page to its first problem: the attempt's id. */
async function startPaper(page: Page, examId: string): Promise<string> {
  await page.goto(`/h5/exam/view/${examId}`);
  await page.getByRole('link', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/h5\/exam\/exam\?recordId=\d+$/);
  await expect(page.getByTestId('exam-problem')).toHaveCount(2);
  return new URL(page.url()).searchParams.get('recordId')!;
}

test('a phone learner finds the papers he sat, reads a result and its analysis, and resumes the attempt left open', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const finished = `记录试卷 ${run}`;
  const open = `未交试卷 ${run}`;
  const finishedId = await twoProblemPaper(request, finished);
  const openId = await twoProblemPaper(request, open);

  const mobile = await registerViaApi(page.request, PASSWORD, `记录学员${run}`);
  await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: PASSWORD, clientType: 1 },
  });

  // one paper sat and handed in (5 of 10, the pass mark), collected afterwards; another started and left
  const doneRecord = await startPaper(page, finishedId);
  await handInTwoProblemPaper(page);
  await expect(page).toHaveURL(new RegExp(`/h5/exam/result\\?recordId=${doneRecord}$`));
  await page.goto(`/h5/exam/view/${finishedId}`);
  await page.getByRole('button', { name: '☆ 收藏' }).click();
  await expect(page.getByRole('button', { name: '★ 已收藏' })).toBeVisible();
  const openRecord = await startPaper(page, openId);

  // 我的 → 我的试卷: each paper with its attempts, best score and the last attempt's way on
  await page.goto('/h5/my');
  await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: '我的试卷' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExam$/);
  const taken = page.getByRole('list', { name: /^考过的试卷，共 \d+ 份$/ });
  const sat = taken.getByRole('listitem').filter({ hasText: finished });
  await expect(sat).toContainText('交卷 1 次 · 最高分 5 / 10');
  await expect(sat).toContainText('已完成');
  await expect(sat.getByRole('link', { name: '查看成绩' })).toHaveAttribute(
    'href',
    `/h5/exam/result?recordId=${doneRecord}`,
  );
  await expect(sat.getByRole('link', { name: '再考一次' })).toHaveAttribute(
    'href',
    `/h5/exam/startExam?id=${finishedId}`,
  );
  const left = taken.getByRole('listitem').filter({ hasText: open });
  await expect(left).toContainText('考试中');
  await expect(left).toContainText('还没有交卷 · 满分 10');
  await expect(left.getByRole('link', { name: '继续考试' })).toHaveAttribute(
    'href',
    `/h5/exam/exam?recordId=${openRecord}`,
  );
  await noSidewaysScroll(page, 'records-my-exam');
  await noAxeViolations(page);

  // the collected paper, removed after a second thought
  const kinds = page.getByRole('navigation', { name: '试卷类型' });
  await kinds.getByRole('link', { name: '收藏的试卷' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExam\?tab=collect$/);
  const collected = page.getByRole('list', { name: /^收藏的试卷，共 \d+ 份$/ });
  const kept = collected.getByRole('listitem').filter({ hasText: finished });
  await expect(kept).toContainText(/收藏于 \d{4}-\d{2}-\d{2}/);
  await noSidewaysScroll(page, 'records-my-exam-collected');
  await kept.getByRole('button', { name: '取消收藏' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`取消收藏“${finished}”？`);
  await dialog.getByRole('button', { name: '再想想' }).click();
  await expect(kept).toBeVisible();
  await kept.getByRole('button', { name: '取消收藏' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消收藏' }).click();
  await expect(kept).toHaveCount(0);
  await kinds.getByRole('link', { name: '考过的试卷' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExam$/);

  // 全部考试记录, filtered to the finished attempts
  await page.getByRole('link', { name: '全部考试记录' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExamination$/);
  const records = page.getByRole('list', { name: /^考试记录，共 \d+ 条$/ });
  await expect(records.getByTestId(`record-${openRecord}`)).toContainText('未交卷');
  await expect(records.getByTestId(`record-${doneRecord}`)).toContainText('5 / 10 分 · 及格');
  await noSidewaysScroll(page, 'records-all');
  await noAxeViolations(page);
  const states = page.getByRole('navigation', { name: '考试状态' });
  await states.getByRole('link', { name: '已完成' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExamination\?status=3$/);
  await expect(states.getByRole('link', { name: '已完成' })).toHaveAttribute('aria-current', 'true');
  const done = page.getByTestId(`record-${doneRecord}`);
  await expect(done).toContainText(finished);
  await expect(page.getByTestId(`record-${openRecord}`)).toHaveCount(0);
  await noSidewaysScroll(page, 'records-finished');

  // 成绩, and back to the filtered list; then 解析
  await done.getByRole('link', { name: '成绩', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/result\\?recordId=${doneRecord}$`));
  await expect(page.getByTestId('result-score')).toHaveText('5');
  await page.goBack();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExamination\?status=3$/);
  await done.getByRole('link', { name: '解析', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/explain\\?recordId=${doneRecord}$`));
  await expect(page.getByRole('heading', { level: 1, name: finished })).toBeVisible();
  await expect(page.getByTestId('review-problem')).toHaveCount(2);

  // the result page and the exam centre lead back to the records too
  await page.goto(`/h5/exam/result?recordId=${doneRecord}`);
  await page.getByRole('link', { name: '全部考试记录' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExamination$/);
  await page.goto('/h5/exam');
  await page.getByRole('link', { name: '我的考试记录' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExamination$/);

  // the attempt in progress: no result yet, resumed where it was
  await states.getByRole('link', { name: '考试中' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/exams\/myExamination\?status=1$/);
  const inProgress = page.getByTestId(`record-${openRecord}`);
  await expect(inProgress).toContainText(open);
  await expect(inProgress.getByRole('link', { name: '成绩', exact: true })).toHaveCount(0);
  await inProgress.getByRole('link', { name: '继续考试' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/exam\\?recordId=${openRecord}$`));
  await expect(page.getByRole('heading', { level: 1, name: open })).toBeVisible();
  await expect(page.getByTestId('exam-problem')).toHaveCount(2);
  // handed in unanswered: the attempt's own result
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  await expect(page.getByText(/还有\s*2\s*题未作答/)).toBeVisible();
  await page.getByRole('button', { name: '确认交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/exam/result\\?recordId=${openRecord}$`));
});
