import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { devices, expect, test } from './journey.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { XSS_EVIL_HOST, XSS_MARKER, XSS_VECTORS } from '../packages/contract/src/testing/xss-vectors.ts';
import { adminApi } from './support.ts';
import { pastePicture } from './rich-editor-steps.ts';
import { reviewShot, shotsIn } from './review-shot.ts';

/**
 * The rich-text editor where lecturers use it today, the course introduction: a heading, an image pasted from the
 * clipboard, a code block and a table are saved, come back after a reload, and show on the course page once
 * approved. Then the whole XSS corpus, stored through the API, is opened in the editor and on the course pages:
 * nothing runs, no dialog opens, nothing is fetched from the corpus's host.
 */
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });

const SHOTS = path.resolve(import.meta.dirname, '../test-results/rich-editor');
const shot = shotsIn(SHOTS);
const settled = (page: Page) => page.waitForLoadState('networkidle');
type Call = (p: string, body?: unknown) => Promise<ReturnType<typeof JSON.parse>>;

async function lecturerApi(request: APIRequestContext): Promise<Call> {
  const login = await request.post('/apis/user/api/user/login/password', {
    data: { mobile: '13800000002', password: 'Demo1234', clientType: 1 },
  });
  const { data } = await login.json();
  return async (p, body = {}) => {
    const json = await (await request.post(`/apis${p}`, { data: body, headers: { token: data.token } })).json();
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.msg}`);
    return json.data;
  };
}

/** A new free course with one lesson, so it can be submitted and approved without touching the demo courses. */
async function newCourse(call: Call, name: string): Promise<string> {
  const tree = await call('/course/api/course/category/listForSite', { categoryType: 1 });
  const course = await call('/course/auth/course/audit/save', {
    courseType: 1,
    categoryId: tree[0].id,
    courseName: name,
    isFree: 1,
    coursePrice: 0,
    rulingPrice: 0,
  });
  const chapter = await call('/course/auth/course/chapter/audit/save', { courseId: course.id, chapterName: '第一章' });
  await call('/course/auth/course/chapter/period/audit/save', {
    chapterId: chapter.id,
    periodName: '第一课',
    isFree: 1,
  });
  return course.id;
}

/** The lecturer submits the draft and the administrator approves it: the course page shows the new version. */
async function publish(call: Call, request: APIRequestContext, id: string) {
  await call('/course/auth/course/audit/submit', { id });
  const admin = await adminApi(request);
  await admin('/course/admin/course/audit/audit', { id, auditStatus: 1, auditOpinion: '' });
}

/** Watches a page for anything the corpus could make happen. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (r.url().includes(XSS_EVIL_HOST)) problems.push(`request to ${r.url()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && !/^http:\/\/127\.0\.0\.1:\d+\//.test(f.url())) problems.push(`left for ${f.url()}`);
  });
  return problems;
}

async function ranNothing(page: Page, problems: string[]) {
  // handlers such as onerror and onload fire after load: give them a moment
  await page.waitForTimeout(500);
  expect(await page.evaluate((m) => (window as unknown as Record<string, unknown>)[m], XSS_MARKER)).toBeUndefined();
  expect(problems).toEqual([]);
}

test('a lecturer writes a rich introduction: heading, pasted image, code block and table survive a reload and show on the course page', async ({
  browser,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // one sign-in for the page and the calls: a second one would end the first
  const context = await browser.newContext();
  const call = await lecturerApi(context.request);
  const name = `富文本介绍 ${Date.now() % 100000}`;
  const id = await newCourse(call, name);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/account/vod/add?id=${id}`);
  await settled(page);

  const editor = page.getByRole('textbox', { name: '介绍' });
  await expect(editor).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: '格式工具栏' });
  await editor.click();
  await toolbar.getByRole('button', { name: '二级标题' }).click();
  await expect(toolbar.getByRole('button', { name: '二级标题' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('适合谁学');
  await page.keyboard.press('Enter');
  await page.keyboard.type('会写一点 Python 的同学，');
  // a link refuses a script address and takes a web one
  await page.keyboard.press('Control+k');
  await page.getByLabel('链接地址').fill('javascript:alert(1)');
  await page.getByLabel('链接地址').press('Enter');
  await expect(page.locator('.qk-rich-editor').getByRole('alert')).toContainText('http');
  await page.getByLabel('链接地址').fill('www.python.org');
  await page.getByLabel('链接地址').press('Enter');
  await expect(editor.locator('a[href="https://www.python.org"]')).toBeVisible();
  await page.keyboard.press('End');

  // a screenshot pasted from the clipboard: uploaded through the image upload and shown from /media/
  await pastePicture(editor, '截图.png');
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/media\//);
  // and a picture dropped from the desktop goes in where it lands
  await editor.locator('h2').evaluate(async (el) => {
    const canvas = new OffscreenCanvas(200, 80);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#1d4ed8';
    g.fillRect(0, 0, 200, 80);
    const png = await canvas.convertToBlob({ type: 'image/png' });
    const data = new DataTransfer();
    data.items.add(new File([png], '拖入.png', { type: 'image/png' }));
    const box = el.getBoundingClientRect();
    el.dispatchEvent(
      new DragEvent('drop', {
        dataTransfer: data,
        bubbles: true,
        cancelable: true,
        clientX: box.right,
        clientY: box.bottom - 2,
      }),
    );
  });
  await expect(editor.locator('img')).toHaveCount(2);
  await expect(editor.locator('img').nth(1)).toHaveAttribute('src', /^\/media\//);
  await page.keyboard.press('Control+End');

  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: '代码块' }).click();
  await page.keyboard.type('print("你好")');
  await expect(editor.locator('pre code')).toHaveText('print("你好")');
  // three Enters leave the code block for a paragraph below it
  for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: '插入表格' }).click();
  await page.keyboard.type('课时');
  await page.keyboard.press('Tab');
  await page.keyboard.type('时长');
  await page.keyboard.press('Tab');
  await toolbar.getByRole('button', { name: '删除当前列' }).click();
  await expect(editor.locator('table tr').first().locator('th')).toHaveCount(2);
  await toolbar.getByRole('button', { name: '在下方插入行' }).click();
  await expect(editor.locator('table tr')).toHaveCount(4);

  await shot(page, '01-editing');
  // the toolbar, the link bar and the writing area break no accessibility rule
  await page.keyboard.press('Control+k');
  const { violations } = await new AxeBuilder({ page })
    .include('.qk-rich-editor')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.getByLabel('链接地址').press('Escape');

  await page.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(page.getByText(/信息已保存/)).toBeVisible();
  await page.reload();
  await settled(page);
  const again = page.getByRole('textbox', { name: '介绍' });
  await expect(again.getByRole('heading', { level: 2 })).toHaveText('适合谁学');
  await expect(again.locator('img')).toHaveCount(2);
  await expect(again.locator('pre code')).toHaveText('print("你好")');
  await expect(again.locator('table th').first()).toHaveText('课时');
  await expect(again.locator('a[href="https://www.python.org"]')).toHaveAttribute('rel', /nofollow/);

  // on a phone (375 px, touch) the toolbar wraps inside a phone-wide form: 44 px targets, nothing sticks out sideways
  const phone = await (
    await browser.newContext({ ...devices['iPhone 13'], storageState: await context.storageState() })
  ).newPage();
  await phone.goto(`/account/vod/add?id=${id}`);
  await settled(phone);
  await expect(phone.getByRole('textbox', { name: '介绍' }).locator('pre code')).toHaveText('print("你好")');
  const narrow = await phone.locator('.qk-rich-editor').evaluate((el: HTMLElement) => {
    el.style.width = '343px';
    const bar = el.querySelector('.qk-rich-editor__toolbar') as HTMLElement;
    const tools = [...bar.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
    return {
      width: el.getBoundingClientRect().width,
      overflow: bar.scrollWidth - bar.clientWidth,
      smallest: Math.min(...tools.map((r) => Math.min(r.width, r.height))),
    };
  });
  expect(narrow.width).toBeLessThanOrEqual(343);
  expect(narrow.overflow).toBeLessThanOrEqual(0);
  expect(narrow.smallest).toBeGreaterThanOrEqual(44);
  await reviewShot(phone.locator('.qk-rich-editor'), `${SHOTS}/02-phone-toolbar.png`, false);
  await phone.getByRole('textbox', { name: '介绍' }).locator('p').first().tap();
  await phone.getByRole('button', { name: '加粗' }).tap();
  await expect(phone.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');

  await publish(call, request, id);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/view/${id}`);
  const intro = visitor.locator('#intro .qk-rich-html');
  await expect(intro.getByRole('heading', { level: 2 })).toHaveText('适合谁学');
  await expect(intro.locator('img')).toHaveCount(2);
  await expect(intro.locator('img').last()).toHaveAttribute('src', /^\/media\//);
  await expect
    .poll(() =>
      intro
        .locator('img')
        .last()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(320);
  await expect(intro.locator('pre code')).toHaveText('print("你好")');
  await expect(intro.locator('table th').nth(1)).toHaveText('时长');
  await shot(visitor, '03-course-page');
  expect(errors).toEqual([]);
});

/**
 * The corpus in as few introductions as it can be: a raw-text trick (an unclosed <noscript>, <xmp>…) swallows
 * whatever follows it, so a group closes when the stored text loses its end mark, and the vector goes on alone.
 */
async function corpusGroups(call: Call, draft: Record<string, unknown>): Promise<string[][]> {
  const store = async (vectors: string[]) => {
    const saved = await call('/course/auth/course/audit/update', { ...draft, introduce: introOf(vectors) });
    return (saved.introduce as string).includes(END);
  };
  const groups: string[][] = [];
  let group: string[] = [];
  for (const v of XSS_VECTORS) {
    if (await store([...group, v])) group.push(v);
    else {
      if (group.length) groups.push(group);
      group = [v];
    }
  }
  groups.push(group);
  return groups;
}
const END = '语料结束';
const introOf = (vectors: string[]) => `<h2>语料</h2>${vectors.map((v) => `<p>${v}</p>`).join('\n')}<p>${END}</p>`;

test('the XSS corpus stored in an introduction runs nowhere: not in the editor, not on the course pages', async ({
  browser,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext();
  const call = await lecturerApi(context.request);
  const id = await newCourse(call, `XSS 语料 ${Date.now() % 100000}`);
  const draft = await call('/course/auth/course/audit/view', { id });
  const groups = await corpusGroups(call, draft);
  expect(groups.flat()).toHaveLength(XSS_VECTORS.length);

  // every vector, in the lecturer's preview of the course page and in the editor that opens it again
  const lecturer = await context.newPage();
  const problems = watch(lecturer);
  // the watch itself sees a dialog, so its silence below means something
  await lecturer.goto('/');
  await lecturer.evaluate(() => window.alert('对照'));
  expect(problems).toEqual(['dialog: 对照']);
  problems.length = 0;
  for (const group of groups) {
    await call('/course/auth/course/audit/update', { ...draft, introduce: introOf(group) });
    await lecturer.goto(`/preview/course/${id}`);
    await expect(lecturer.locator('#intro')).toContainText('语料');
    await ranNothing(lecturer, problems);
    await lecturer.goto(`/account/vod/add?id=${id}`);
    await expect(lecturer.getByRole('textbox', { name: '介绍' })).toContainText('语料');
    await ranNothing(lecturer, problems);
  }

  // all of it at once, published, for visitors on the computer and on the phone
  await call('/course/auth/course/audit/update', { ...draft, introduce: introOf([...XSS_VECTORS]) });
  await publish(call, request, id);
  for (const [label, use] of [
    ['course page', devices['Desktop Chrome']],
    ['H5 course page', devices['iPhone 13']],
  ] as const) {
    const page = await (await browser.newContext({ ...use })).newPage();
    const seen = watch(page);
    await page.goto(label === 'course page' ? `/view/${id}` : `/h5/view/${id}`);
    await settled(page);
    await expect(page.getByRole('heading', { name: '语料', exact: true })).toBeVisible();
    await ranNothing(page, seen);
    await shot(page, label === 'course page' ? '04-corpus-course' : '05-corpus-h5');
  }
});
