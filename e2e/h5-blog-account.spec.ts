import path from 'node:path';
import { devices, expect, test } from './journey.ts';
import { appApi } from './exams-support.ts';
import { noAxeViolations, noSidewaysScroll, passwordSignIn } from './h5-learning-support.ts';
import { registerViaApi } from './server-log.ts';

/**
 * A blogger's own pages on a phone: 我的博客 reached from 我的, a post refused without a title and then published,
 * listed with its counts, read, edited on the phone, saved as a draft (by its button, and by itself a moment after
 * typing), deleted after a confirmation; a post with rich content is sent to the PC editor rather than flattened by
 * the phone's plain field.
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

const PASSWORD = 'Blog2026x';
const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);

test('a blogger writes, edits and deletes a post on a phone, and a rich post is left to the PC editor', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // a guest's 写博客 on the blog list asks to sign in first, and comes back to the writing page
  await page.goto('/h5/blog');
  await noSidewaysScroll(page, 'blog-list-guest');
  await page.getByRole('link', { name: '写博客' }).click();
  await expect(page).toHaveURL(/\/h5\/login\?t=login&redirect=%2Fh5%2Fblog%2Faccount%2Fwrite$/);

  const mobile = await registerViaApi(request, PASSWORD, '手机博主');
  await passwordSignIn(page, mobile, PASSWORD);
  await page.goto('/h5/my');
  await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: '我的博客' }).click();
  await expect(page).toHaveURL(/\/h5\/blog\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: '手机博主' })).toBeVisible();
  await expect(page.locator('.h5-my-blog__counts')).toHaveText('0 篇博客 · 0 粉丝 · 0 获赞');
  await expect(page.getByText('还没有发布博客')).toBeVisible();
  await noSidewaysScroll(page, 'blog-account-empty');
  await noAxeViolations(page);

  // nothing is sent without a title, nor with too many labels
  await page.locator('.h5-blogger').getByRole('link', { name: '写博客' }).click();
  await expect(page).toHaveURL(/\/h5\/blog\/account\/write$/);
  await page.getByLabel('正文').fill('第一段：在地铁上用手机写博客。\n第二行 <b>不是标签</b>\n\n第二段：回家再补充。');
  await page.getByLabel(/^标签/).fill('一，二，三，四，五，六');
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请填写标题' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '最多添加 5 个标签' })).toBeVisible();
  await expect(page).toHaveURL(/\/h5\/blog\/account\/write$/);
  await noSidewaysScroll(page, 'blog-write-refused');
  await noAxeViolations(page);
  const mine = await page.request.post('/apis/community/auth/blog/list', { data: {} });
  expect((await mine.json()).data.totalCount).toBe(0);

  // a valid post, with labels and a cover, published and opened
  const title = `手机上写的第一篇博客 ${Date.now() % 100000}`;
  await page.getByLabel('标题').fill(title);
  await page.getByLabel(/^标签/).fill('手机写作，Python');
  await page.getByLabel('上传封面').setInputFiles(fixture('head.png'));
  await expect(page.getByRole('img', { name: '封面' })).toBeVisible();
  await noSidewaysScroll(page, 'blog-write-filled');
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page).toHaveURL(/\/h5\/blog\/article\/\d+$/);
  const postId = /article\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const body = page.locator('.h5-blog-article__body');
  await expect(body.locator('p')).toHaveText([
    '第一段：在地铁上用手机写博客。第二行 <b>不是标签</b>',
    '第二段：回家再补充。',
  ]);
  await expect(page.getByRole('link', { name: '手机写作' })).toBeVisible();
  await noSidewaysScroll(page, 'blog-article-mine');

  // listed on 我的博客 with its counts and buttons
  await page.goto('/h5/blog/account');
  const posts = page.getByRole('list', { name: '已发布的博客，共 1 篇' });
  const row = posts.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(/阅读 \d+ · 点赞 0 · 评论 0 · 收藏 0/);
  await expect(row).toContainText(/发布于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(page.locator('.h5-my-blog__counts')).toHaveText('1 篇博客 · 0 粉丝 · 0 获赞');
  await noSidewaysScroll(page, 'blog-account-posts');
  await noAxeViolations(page);

  // edited on the phone: the body comes back as the text that was typed
  await row.getByRole('link', { name: /^编辑/ }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/blog/account/write\\?id=${postId}$`));
  await expect(page.getByLabel('正文')).toHaveValue(
    '第一段：在地铁上用手机写博客。\n第二行 <b>不是标签</b>\n\n第二段：回家再补充。',
  );
  await expect(page.getByLabel(/^标签/)).toHaveValue('手机写作，Python');
  await expect(page.getByRole('button', { name: '存草稿' })).toHaveCount(0);
  await page.getByLabel('标题').fill(`${title}（改）`);
  await page.getByLabel('正文').fill('改过的第一段。\n\n改过的第二段。\n\n新加的第三段。');
  await page.getByRole('button', { name: '保存修改' }).click();
  await expect(page).toHaveURL(new RegExp(`/h5/blog/article/${postId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${title}（改）` })).toBeVisible();
  await expect(body.locator('p')).toHaveText(['改过的第一段。', '改过的第二段。', '新加的第三段。']);

  // a draft stays on the page and is listed under 草稿
  await page.goto('/h5/blog/account/write');
  await page.getByLabel('标题').fill('还没写完的草稿');
  await page.getByRole('button', { name: '存草稿' }).click();
  await expect(page.getByRole('status').filter({ hasText: /草稿已保存 \d{2}:\d{2}/ })).toBeVisible();
  await expect(page).toHaveURL(/\/h5\/blog\/account\/write\?id=\d+$/);
  await page.goto('/h5/blog/account?tab=drafts');
  const drafts = page.getByRole('list', { name: '草稿，共 1 篇' });
  await expect(drafts.getByRole('listitem').filter({ hasText: '还没写完的草稿' })).toContainText('草稿');

  // a draft is also saved a moment after the writer stops typing, as on the PC: a reload finds it whole
  await page.goto('/h5/blog/account/write');
  await page.getByLabel('标题').fill('地铁上写了一半');
  await page.getByLabel('正文').fill('到站了，下车再写。');
  await expect(page.getByRole('status').filter({ hasText: /草稿已保存 \d{2}:\d{2}/ })).toBeVisible();
  await expect(page).toHaveURL(/\/h5\/blog\/account\/write\?id=\d+$/);
  await page.reload();
  await expect(page.getByLabel('标题')).toHaveValue('地铁上写了一半');
  await expect(page.getByLabel('正文')).toHaveValue('到站了，下车再写。');
  await page.goto('/h5/blog/account?tab=drafts');
  await expect(page.getByRole('list', { name: '草稿，共 2 篇' })).toContainText('地铁上写了一半');
  await noSidewaysScroll(page, 'blog-account-drafts');

  // deleted after a confirmation
  await page.goto('/h5/blog/account');
  const edited = page
    .getByRole('list', { name: /^已发布的博客/ })
    .getByRole('listitem')
    .filter({ hasText: title });
  await edited.getByRole('button', { name: /^删除/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`删除“${title}（改）”？`);
  await dialog.getByRole('button', { name: '再想想' }).click();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: /^删除/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('还没有发布博客')).toBeVisible();
  const gone = await (await page.request.post('/apis/community/api/blog/view', { data: { id: postId } })).json();
  expect(gone.code).toBe(999);

  // the bloggers I follow and the posts I collected, each a tab of 我的博客
  const app = await appApi(request, mobile, PASSWORD);
  const [other] = (await (await request.post('/apis/community/api/blog/list', { data: { pageSize: 1 } })).json()).data
    .list;
  await app('/community/auth/fans/save', { bloggerUserId: other.userId });
  await app('/community/auth/blog/user/record/save', { blogId: other.id, recordType: 2 });
  const tabs = page.getByRole('navigation', { name: '我的博客栏目' });
  await tabs.getByRole('link', { name: '关注' }).click();
  await expect(page).toHaveURL(/\/h5\/blog\/account\?tab=follows$/);
  const followed = page.getByRole('list', { name: '我关注的博主，共 1 位' }).getByRole('listitem');
  await expect(followed).toContainText(other.nickname);
  await expect(followed.getByRole('button', { name: '已关注' })).toBeVisible();
  await noSidewaysScroll(page, 'blog-account-follows');
  await tabs.getByRole('link', { name: '我的收藏' }).click();
  const collected = page.getByRole('list', { name: '收藏的博客，共 1 篇' }).getByRole('listitem');
  await expect(collected).toContainText(other.title);
  await expect(collected.getByRole('link', { name: /^编辑/ })).toHaveCount(0);
  await expect(collected.getByRole('button', { name: /^取消收藏/ })).toBeVisible();
  await noSidewaysScroll(page, 'blog-account-collections');
  await noAxeViolations(page);

  // someone else's post is no post to edit here
  await page.goto(`/h5/blog/account/write?id=${other.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '页面找不到了' })).toBeVisible();
  await expect(page.getByLabel('正文')).toHaveCount(0);
  await page.goto('/h5/blog/account?tab=collections');

  // the blogger profile, checked by the contract's rules before it is saved
  await tabs.getByRole('link', { name: '博主资料' }).click();
  await page.getByLabel('博主昵称').fill('');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请填写博主昵称' })).toBeVisible();
  await page.getByLabel('博主昵称').fill('手机博主小青');
  await page.getByLabel('博主简介（选填）').fill('通勤路上写点学习笔记。');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '手机博主小青' })).toBeVisible();
  await noSidewaysScroll(page, 'blog-account-profile');
  await noAxeViolations(page);

  // a post written with a heading on the computer is not flattened by the phone: its editing is the PC editor's
  const rich = await app('/community/auth/blog/save', {
    title: '电脑上写的排版博客',
    content: '<h2>小标题</h2><p>有标题的正文。</p>',
    isPublish: 1,
  });
  await page.goto(`/blog/account/write?id=${rich.id}`);
  await expect(page).toHaveURL(new RegExp(`/h5/blog/account/write\\?id=${rich.id}$`));
  await expect(page.getByRole('note')).toContainText('这篇博客请在电脑上编辑');
  await expect(page.getByLabel('正文')).toHaveCount(0);
  await noSidewaysScroll(page, 'blog-write-rich');
  await noAxeViolations(page);
  await page.getByRole('link', { name: '在电脑版编辑' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/account/write\\?id=${rich.id}$`));
  expect(new URL(page.url()).pathname).toBe('/blog/account/write');
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('电脑上写的排版博客');
  const kept = await app('/community/auth/blog/view', { id: rich.id });
  expect(kept.content).toBe('<h2>小标题</h2><p>有标题的正文。</p>');
});
