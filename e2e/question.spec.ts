import { devices, expect, test, type Browser, type Page } from './journey.ts';
import { mkdirSync } from 'node:fs';
import { shotsIn } from './review-shot.ts';

const SHOTS = 'test-results/question';
mkdirSync(SHOTS, { recursive: true });
const shot = shotsIn(SHOTS);

const LECTURER = '13800000002';
const ANN = '13800000001';
const CHEN = '13800000011';
const LIN = '13800000012';
/** antd spaces the two characters of a button's label apart. */
const ACCEPT = /^采\s?纳$/;
const TITLE = `索引和事务该先学哪个？${Date.now() % 100000}`;

/** A browser of its own for one person, signed in through the login call (which sets the session cookie). */
async function personIn(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await (
    await page.request.post('/apis/user/api/user/login/password', {
      data: { mobile, password: 'Demo1234', clientType: 1 },
    })
  ).json();
  expect(res.code).toBe(200);
  return page;
}

async function answerAs(browser: Browser, mobile: string, url: string, text: string) {
  const page = await personIn(browser, mobile);
  await page.goto(url);
  await page.getByRole('textbox', { name: '回答内容' }).fill(text);
  await page.getByRole('button', { name: '提交回答' }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await page.context().close();
}

test('a lecturer asks with two labels, two students answer, the asker accepts one, and everyone sees it', async ({
  browser,
}) => {
  // five people in turn on a machine shared with other work
  test.setTimeout(180_000);
  const errors: string[] = [];
  const asker = await personIn(browser, LECTURER);
  asker.on('pageerror', (e) => errors.push(e.message));
  await asker.goto('/question');
  await expect(asker).toHaveTitle(/^问答 - /);
  await expect(asker.getByRole('navigation', { name: '问题标签' }).getByRole('link', { name: 'Java' })).toBeVisible();
  await shot(asker, '1-list');
  await asker.getByRole('link', { name: '我要提问' }).click();
  await expect(asker).toHaveURL(/\/question\/account\/write$/);
  // the writing page hides the site's header and footer (spec §2)
  await expect(asker.locator('footer')).toHaveCount(0);

  await asker.getByRole('button', { name: '发布问题' }).click();
  await expect(asker.getByText('请填写问题标题')).toBeVisible();
  await asker.getByLabel('问题标题').fill(TITLE);
  await asker.getByRole('combobox', { name: '问题标签' }).click();
  await asker.locator('.ant-select-item-option:visible', { hasText: '数据库' }).click();
  await asker.locator('.ant-select-item-option:visible', { hasText: 'Java' }).click();
  await asker.keyboard.press('Escape');
  await asker
    .getByRole('textbox', { name: '问题描述' })
    .fill('刚做后端一年，想系统补一补。\n\n两块都很重要，先学哪个更顺？');
  await shot(asker, '2-write');
  await asker.getByRole('button', { name: '发布问题' }).click();
  await expect(asker).toHaveURL(/\/question\/view\/\d+$/);
  const url = new URL(asker.url()).pathname;
  await expect(asker.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(asker.locator('.qk-q-head .qk-q-label')).toHaveText(['数据库', 'Java']);
  await expect(asker.locator('meta[property="og:title"]')).toHaveAttribute('content', TITLE);

  await answerAs(browser, ANN, url, '先学索引：查询慢是最常见的问题。');
  await answerAs(browser, CHEN, url, '先学事务：数据不一致比慢更要命。');

  await asker.reload();
  const annAnswer = asker.getByRole('article', { name: '学员小青的回答' });
  const chenAnswer = asker.getByRole('article', { name: '陈同学的回答' });
  await expect(annAnswer).toBeVisible();
  await expect(chenAnswer).toBeVisible();
  await chenAnswer.getByRole('button', { name: ACCEPT }).click();
  await asker.locator('.ant-popconfirm').getByRole('button', { name: ACCEPT }).click();
  await expect(chenAnswer.getByText('已采纳')).toBeVisible();
  // one answer only: the other can no longer be accepted
  await expect(annAnswer.getByRole('button', { name: ACCEPT })).toHaveCount(0);
  // the accepted answer comes first
  await expect(asker.locator('article.qk-answer').first()).toHaveAttribute('aria-label', '陈同学的回答');
  await shot(asker, '3-accepted');
  expect(errors).toEqual([]);

  // another student sees the accepted answer, may like it, and has no 采纳 button
  const lin = await personIn(browser, LIN);
  await lin.goto(url);
  const accepted = lin.getByRole('article', { name: '陈同学的回答' });
  await expect(accepted.getByText('已采纳')).toBeVisible();
  await expect(lin.getByRole('button', { name: ACCEPT })).toHaveCount(0);
  await accepted.getByRole('button', { name: /^赞/ }).click();
  await expect(accepted.getByRole('button', { name: '已赞 1' })).toBeVisible();
  await accepted.getByRole('button', { name: /^评论/ }).click();
  await accepted.getByRole('textbox', { name: '评论内容' }).fill('同意，先保证正确再谈快。');
  await accepted.getByRole('button', { name: '发表评论' }).click();
  await expect(accepted.getByText('同意，先保证正确再谈快。')).toBeVisible();
  await shot(lin, '4-other-student');

  // the answerer was told, and finds the answer under 我的回答
  const chen = await personIn(browser, CHEN);
  await chen.goto('/account/message');
  await expect(chen.getByText('你的回答被采纳了').first()).toBeVisible();
  await chen.goto('/account/ques?tab=answers');
  const mine = chen.locator('.qk-q-mine-item', { hasText: TITLE });
  await expect(mine.getByText('已被采纳')).toBeVisible();
  await shot(chen, '5-my-answers');

  // the asker finds the question under 我的提问, solved
  await asker.goto('/account/ques');
  await expect(asker.locator('.qk-q-mine-item', { hasText: TITLE }).getByText('已采纳')).toBeVisible();

  // the list shows it under its label, solved
  await lin.goto('/question');
  await lin.getByRole('navigation', { name: '问题标签' }).getByRole('link', { name: '数据库' }).click();
  await expect(lin).toHaveURL(/labelNo=\d+/);
  const row = lin.locator('.qk-q-item', { hasText: TITLE });
  await expect(row.getByText('已采纳')).toBeVisible();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
  test.use(iphone);

  test('the questions and an accepted answer read well on an iPhone, and a student asks from it', async ({ page }) => {
    await page.goto('/question');
    await expect(page).toHaveURL(/\/h5\/question$/);
    await expect(page.getByRole('list', { name: /^问题，共 \d+ 个$/ })).toBeVisible();
    await shot(page, 'h5-1-list');
    await page.getByRole('link', { name: /HashMap 和 ConcurrentHashMap/ }).click();
    await expect(page).toHaveURL(/\/h5\/question\/view\/\d+$/);
    const othersQuestion = page.url().split('/').pop()!;
    const accepted = page.getByRole('region', { name: '王老师的回答' });
    await expect(accepted.getByText('已采纳')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const like = accepted.getByRole('button', { name: /^赞/ });
    const box = await like.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'h5-2-view');

    await page.getByRole('link', { name: '登录后回答' }).click();
    await expect(page).toHaveURL(/\/h5\/login\?redirect=/);
    const res = await (
      await page.request.post('/apis/user/api/user/login/password', {
        data: { mobile: LIN, password: 'Demo1234', clientType: 1 },
      })
    ).json();
    expect(res.code).toBe(200);
    await page.goto('/h5/question/write');
    await page.getByLabel('问题标题').fill('手机上提的问题：Python 入门看哪本书？');
    await page.getByRole('button', { name: 'Python' }).click();
    await page.getByRole('button', { name: '发布问题' }).click();
    await expect(page).toHaveURL(/\/h5\/question\/view\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: '手机上提的问题：Python 入门看哪本书？' })).toBeVisible();
    await shot(page, 'h5-3-asked');

    // 我的 → 我的问答: the question asked, the answers tab, and the question deleted after a confirmation
    await page.goto('/h5/my');
    await page.getByRole('link', { name: '我的问答' }).click();
    await expect(page).toHaveURL(/\/h5\/account\/ques$/);
    const asked = page
      .getByRole('list', { name: /^我的提问，共 \d+ 个$/ })
      .getByRole('listitem')
      .filter({ hasText: 'Python 入门看哪本书？' });
    await expect(asked.getByText('0 个回答')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'h5-4-my-questions');
    await page.getByRole('link', { name: '我的回答' }).click();
    await expect(page).toHaveURL(/\/h5\/account\/ques\?tab=answers$/);
    await expect(
      page.getByRole('list', { name: /^我的回答，共 \d+ 条$/ }).or(page.getByText('还没有回答过问题')),
    ).toBeVisible();
    await page.getByRole('link', { name: '我的提问' }).click();

    // edited on the phone: the title and the details change, the labels stay
    await asked.getByRole('link', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/h5\/question\/write\?id=\d+$/);
    await expect(page.getByLabel('问题标题')).toHaveValue('手机上提的问题：Python 入门看哪本书？');
    await expect(page.getByRole('button', { name: 'Python' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('问题标题').fill('手机上改过的问题：Python 入门看哪本书？');
    await page.getByLabel('问题描述（选填）').fill('零基础，想要有练习题的。\n\n预算一百元以内。');
    await page.getByRole('button', { name: '保存修改' }).click();
    await expect(page).toHaveURL(/\/h5\/question\/view\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: '手机上改过的问题：Python 入门看哪本书？' }),
    ).toBeVisible();
    await expect(page.getByText('预算一百元以内。')).toBeVisible();
    // opened again from the question, the details come back as they were typed
    const editUrl = `/h5/question/write?id=${page.url().split('/').pop()}`;
    await page.locator('.h5-q').getByRole('link', { name: '编辑' }).click();
    await expect(page).toHaveURL(editUrl);
    await expect(page.getByLabel('问题描述（选填）')).toHaveValue('零基础，想要有练习题的。\n\n预算一百元以内。');
    await shot(page, 'h5-4b-edit');
    // the PC editor's address sends a phone here, to the same question
    await page.goto(`/question/account/write?id=${editUrl.split('=').pop()}`);
    await expect(page).toHaveURL(editUrl);

    // details the rich editor wrote are not flattened on a phone: the computer's editor is offered instead
    const rich = await (
      await page.request.post('/apis/community/auth/questions/save', {
        data: {
          title: '电脑上写的带代码的问题',
          labelIds: [],
          content: '<p>看这段：</p><pre><code>print(1)</code></pre>',
        },
      })
    ).json();
    expect(rich.code).toBe(200);
    await page.goto(`/h5/question/write?id=${rich.data.id}`);
    await expect(page.getByText('这个问题请在电脑上编辑')).toBeVisible();
    await expect(page.getByLabel('问题标题')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '在电脑版编辑' })).toHaveAttribute(
      'href',
      `/h5/switch?to=pc&next=${encodeURIComponent(`/question/account/write?id=${rich.data.id}`)}`,
    );
    await shot(page, 'h5-4c-rich');
    // someone else's question, or one that does not exist, is no page to edit
    expect((await page.goto(`/h5/question/write?id=${othersQuestion}`))!.status()).toBe(404);
    expect((await page.goto('/h5/question/write?id=1'))!.status()).toBe(404);

    await page.goto('/h5/account/ques');
    await asked.filter({ hasText: '手机上改过的问题' }).getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('删除问题“手机上改过的问题：Python 入门看哪本书？”和它的全部回答？');
    await dialog.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('问题已删除')).toBeVisible();
    await expect(asked).toHaveCount(0);
  });
});
