import { devices, expect, test, type Browser, type Page } from './journey.ts';
import { registerViaApi } from './server-log.ts';
import { writeRichBody } from './rich-editor-steps.ts';
import { adminSignIn } from './orders-support.ts';
import { dismissPendingReports } from './support.ts';
import { reviewShot } from './review-shot.ts';

/** A new learner signed in in their own browser (a web login leaves its session cookie). */
async function learner(browser: Browser, nickname: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const mobile = await registerViaApi(page.request, 'Blog2026x', nickname);
  const res = await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: 'Blog2026x', clientType: 1 },
  });
  expect((await res.json()).code).toBe(200);
  return page;
}

test('a student writes, a second reads, likes, collects, comments and follows, and the author replies', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1e6;
  const title = `我的第一篇学习笔记 ${stamp}`;
  const authorName = `作者${stamp}`;
  const readerName = `读者${stamp}`;

  const author = await learner(browser, authorName);
  await author.goto('/blog/account/write');
  // the write page has no header or footer
  await expect(author.getByRole('banner').getByRole('link', { name: '博客' })).toHaveCount(0);
  await author.getByRole('textbox', { name: '标题' }).fill(title);
  await writeRichBody(author, '正文', { heading: '起步', paragraph: '今天学了事件循环。', code: 'console.log(1)' });
  const tags = author.getByRole('combobox', { name: '标签' });
  await tags.fill('JavaScript');
  await tags.press('Enter');
  // the draft saves itself while writing, and the address then names it
  await expect(author.getByRole('status')).toContainText('草稿已保存', { timeout: 15_000 });
  await expect(author).toHaveURL(/\/blog\/account\/write\?id=\d+$/);
  await author.reload();
  await expect(author.getByRole('textbox', { name: '标题' })).toHaveValue(title);
  const body = author.getByRole('textbox', { name: '正文' });
  await expect(body).toContainText('今天学了事件循环');
  await expect(body.locator('img')).toHaveAttribute('src', /^\/media\//);
  await expect(body.locator('table')).toBeVisible();
  await author.goto('/blog/account?tab=drafts');
  await expect(author.getByRole('link', { name: title })).toBeVisible();
  await author.getByRole('link', { name: '编辑' }).first().click();
  await author.getByRole('button', { name: /^发 ?布$/ }).click();
  await expect(author).toHaveURL(/\/blog\/article\/\d+$/);
  const articleUrl = new URL(author.url()).pathname;
  await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(author.getByRole('heading', { name: '起步' })).toBeVisible();
  const article = author.getByRole('article');
  await expect(article.locator('pre code')).toHaveText('console.log(1)');
  await expect(article.locator('img[src^="/media/"]')).toBeVisible();
  await expect(article.locator('table th').first()).toHaveText('课时');

  const reader = await learner(browser, readerName);
  await reader.goto('/blog');
  await reader.getByRole('link', { name: title }).click();
  await expect(reader).toHaveURL(new RegExp(`${articleUrl}$`));
  await reader.getByRole('button', { name: / 点赞 0$/ }).click();
  await expect(reader.getByRole('button', { name: / 已点赞 1$/ })).toBeVisible();
  await reader.getByRole('button', { name: / 收藏 0$/ }).click();
  await expect(reader.getByRole('button', { name: / 已收藏 1$/ })).toBeVisible();
  await reader.getByRole('textbox', { name: '写下你的评论' }).fill('讲得很清楚，谢谢分享！');
  await reader.getByRole('button', { name: /^发 ?表$/ }).click();
  await expect(reader.getByText('讲得很清楚，谢谢分享！')).toBeVisible();
  await reader
    .getByRole('complementary')
    .getByRole('button', { name: /^关 ?注$/ })
    .click();
  await expect(reader.getByRole('complementary').getByRole('button', { name: '已关注' })).toBeVisible();
  // a reload shows what the reader did, from the server
  await reader.reload();
  await expect(reader.getByRole('button', { name: / 已点赞 1$/ })).toBeVisible();
  await expect(reader.getByRole('button', { name: / 已收藏 1$/ })).toBeVisible();

  // the author hears of the comment and the new fan, and replies
  await author.goto('/account/message');
  await expect(author.getByText('博客有新评论').first()).toBeVisible();
  await expect(author.getByText('新粉丝').first()).toBeVisible();
  await author.goto(articleUrl);
  await author.getByRole('button', { name: '回复' }).first().click();
  await author.getByRole('textbox', { name: `回复 ${readerName}` }).fill('谢谢支持！');
  await author
    .getByRole('button', { name: /^发 ?表$/ })
    .last()
    .click();
  await expect(author.getByRole('textbox', { name: `回复 ${readerName}` })).toHaveCount(0);
  await expect(author.getByText(`回复 ${readerName}`)).toBeVisible();
  await expect(author.getByText('谢谢支持！')).toBeVisible();

  // the post is in the follower's 关注 tab, and the reply under the comment
  await reader.goto('/blog?tab=2');
  await expect(reader.getByRole('link', { name: title })).toBeVisible();
  await reader.goto(articleUrl);
  await expect(reader.getByText('谢谢支持！')).toBeVisible();
  await reader.goto('/blog/account?tab=collections');
  await expect(reader.getByRole('link', { name: title })).toBeVisible();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
  test.use(phone);

  test('the blog list and a post open on the H5 site without sideways scrolling', async ({ page }) => {
    await page.goto('/blog');
    await expect(page).toHaveURL(/\/h5\/blog$/);
    const list = page.getByRole('list', { name: /^博客，共 \d+ 篇$/ });
    const first = list.getByRole('link').first();
    const title = (await first.locator('strong').textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/h5\/blog\/article\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^评论 \d+$/ })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.goto('/h5/');
    await page.getByRole('link', { name: '博客', exact: true }).click();
    await expect(page).toHaveURL(/\/h5\/blog$/);
  });

  test('a phone reader likes, collects, comments, reports and follows, and the blogger page opens', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now() % 1e6;
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const mobile = await registerViaApi(page.request, 'Blog2026x', `手机读者${stamp}`);
    const login = await page.request.post('/apis/user/api/user/login/password', {
      data: { mobile, password: 'Blog2026x', clientType: 1 },
    });
    expect((await login.json()).code).toBe(200);
    await page.goto('/h5/blog');
    await page
      .getByRole('list', { name: /^博客，共 \d+ 篇$/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/h5\/blog\/article\/\d+$/);

    const like = page.getByRole('button', { name: /^点赞 \d+$/ });
    const likes = Number((await like.textContent())!.replace(/\D/g, ''));
    await like.click();
    await expect(page.getByRole('button', { name: `已点赞 ${likes + 1}` })).toBeVisible();
    await page.getByRole('button', { name: /^收藏 \d+$/ }).click();
    await expect(page.getByRole('button', { name: /^已收藏 \d+$/ })).toBeVisible();

    await page.getByRole('textbox', { name: '写下你的评论' }).fill(`手机上的评论 ${stamp}`);
    await page.getByRole('button', { name: '发表' }).click();
    const mine = page.getByRole('listitem').filter({ hasText: `手机上的评论 ${stamp}` });
    await expect(mine).toBeVisible();
    await mine.getByRole('button', { name: '回复' }).click();
    await page.getByRole('textbox', { name: /^回复 / }).fill(`补充一句 ${stamp}`);
    await page.getByRole('button', { name: '发表' }).click();
    await expect(page.getByText(`补充一句 ${stamp}`)).toBeVisible();
    // one's own comment is not one's to report; the post is
    await page.locator('.h5-blog-article__ops').getByRole('button', { name: '举报' }).click();
    await page.getByText('广告或垃圾信息').click();
    await expect(page.getByText('举报已提交，管理员会尽快处理')).toBeVisible();
    await dismissPendingReports(page.request);

    // the author's page: follow from there, and the count follows
    await page.locator('.h5-blog-author__name').click();
    await expect(page).toHaveURL(/\/h5\/blog\/blogger\/\d+$/);
    const counts = page.locator('.h5-blogger__text .h5-muted');
    const fans = Number(/(\d+) 粉丝/.exec((await counts.textContent())!)![1]);
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await expect(page.getByRole('button', { name: '已关注' })).toBeVisible();
    await expect(counts).toContainText(`${fans + 1} 粉丝`);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await reviewShot(page, 'test-results/e2e/h5-blogger.png');
    await context.close();
  });
});

test('the home page shows the recommended posts and the information centre in its article zones', async ({ page }) => {
  await page.goto('/');
  const zones = page.getByRole('region', { name: '文章专区' });
  await expect(zones).toBeVisible();
  const recommended = zones.getByRole('region', { name: '推荐文章' });
  const first = recommended.getByRole('link').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/blog\/article\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('the administrator hides a post from readers and brings it back', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const list = await (await page.request.post('/apis/community/api/blog/list', { data: { tab: 1 } })).json();
  const post = list.data.list.find((b: { articleType: number }) => b.articleType === 1) as {
    id: string;
    title: string;
  };
  await adminSignIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: '博客管理' }).click();
  await expect(page).toHaveURL(/\/admin\/blogs$/);
  await page.getByRole('textbox', { name: '标题' }).fill(post.title);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(post.title) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '隐藏' }).click();
  await expect(row).toContainText('已隐藏');
  const reader = await browser.newPage();
  const gone = await reader.goto(`/blog/article/${post.id}`);
  expect(gone?.status()).toBe(404);
  await row.getByRole('button', { name: '恢复' }).click();
  await expect(row).toContainText('显示中');
  // guests' pages and answers are cached for a few seconds: the post comes back within them
  await expect(async () => {
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1, name: post.title })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});
