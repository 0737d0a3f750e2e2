import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './journey.ts';
import type { Page, Request } from '@playwright/test';
import { shotsIn } from './review-shot.ts';

const LECTURER = '13800000002';
const DEMO_PASSWORD = 'Demo1234';
const LOGIN = /登\s?录$/;
const CHUNK = 2_048_000;
const DIR = path.resolve(import.meta.dirname, '../test-results/studio-upload');
const CHUNK_URL = /\/apis\/vod\/auth\/videoInfo\/upload$/;
const CHUNK_TEST_URL = /\/apis\/vod\/auth\/videoInfo\/upload\?/;
test.describe.configure({ timeout: 240_000 });

const shot = shotsIn(DIR, false);

/** A noisy test-pattern video of about 25 MB, different on every run (so the server never has it already). */
function makeVideo(name: string): string {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25,noise=alls=40:allf=t',
    '-t',
    '7',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '20',
    '-metadata',
    `comment=${name}-${Date.now()}`,
    file,
  ]);
  return file;
}

async function call(page: Page, apiPath: string, data: unknown) {
  const json = await (await page.request.post(`/apis${apiPath}`, { data })).json();
  if (json.code !== 200) throw new Error(`${apiPath}: ${json.msg}`);
  return json.data;
}

/** The course draft with one chapter and two lessons, made through the lecturer's own session. */
async function draftCourse(page: Page) {
  const [category] = await call(page, '/course/api/course/category/list', {});
  const course = await call(page, '/course/auth/course/audit/save', {
    categoryId: category.id,
    courseName: `上传演示课程 ${Date.now() % 1e5}`,
    courseType: 1,
    isFree: 1,
  });
  const chapter = await call(page, '/course/auth/course/chapter/audit/save', {
    courseId: course.id,
    chapterName: '第一章 入门',
  });
  const first = await call(page, '/course/auth/course/chapter/period/audit/save', {
    chapterId: chapter.id,
    periodName: '第一课',
  });
  const second = await call(page, '/course/auth/course/chapter/period/audit/save', {
    chapterId: chapter.id,
    periodName: '第二课',
  });
  return { courseId: course.id as string, first: first.id as string, second: second.id as string };
}

/**
 * Counts the chunks the page sends and those answered, and its chunk tests (GET, the chunk's fields in the query);
 * requests are watched, not intercepted.
 */
function countChunks(page: Page) {
  const counts = { sent: 0, answered: 0, tests: 0 };
  const isChunk = (r: Request) => r.method() === 'POST' && CHUNK_URL.test(r.url());
  const isTest = (r: Request) => r.method() === 'GET' && CHUNK_TEST_URL.test(r.url());
  page.on('request', (r) => void (isChunk(r) ? counts.sent++ : isTest(r) && counts.tests++));
  page.on('requestfinished', (r) => void (isChunk(r) && counts.answered++));
  return counts;
}

/**
 * Uploads at about 4 MB/s, as over a home line, so that a 25 MB file on loopback takes long enough to lose the
 * network part way. Going offline and back (context.setOffline) lifts it; call again after.
 */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
}

test('a lecturer uploads lesson videos through a dropped network and a reload; wrong files are refused', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  // names of this run only: a retry finds the server still holding the first attempt's unfinished upload
  const stamp = Date.now() % 1e6;
  const first = makeVideo(`one-${stamp}.mp4`);
  const second = makeVideo(`two-${stamp}.mp4`);
  const firstName = path.basename(first);
  const totalChunks = Math.floor(statSync(first).size / CHUNK);

  await page.goto('/login?t=login');
  await page.getByLabel('手机号').fill(LECTURER);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const draft = await draftCourse(page);
  const studio = `/account/vod/period?courseId=${draft.courseId}`;
  await page.goto(studio);
  await page.waitForLoadState('networkidle');
  const panel = page.getByRole('complementary', { name: '上传列表' });
  const counts = countChunks(page);
  await slowUploads(page);

  // refused before a byte is sent: not a video by its name
  const notes = path.join(DIR, 'notes.txt');
  writeFileSync(notes, '这是一份课堂笔记，不是视频。\n'.repeat(100));
  await page.getByLabel('为「第一课」选择视频').setInputFiles(notes);
  await expect(page.getByText('仅支持视频文件')).toBeVisible();
  expect(counts.sent).toBe(0);

  // the network drops part way: the upload says so and stops
  await page.getByLabel('为「第一课」选择视频').setInputFiles(first);
  const row = panel.getByRole('listitem').filter({ hasText: firstName });
  await expect(row).toBeVisible();
  await expect.poll(() => counts.answered, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await context.setOffline(true);
  await expect(row.getByText('网络已断开，恢复后自动继续')).toBeVisible();
  await shot(page, 'offline');

  // a reload while offline, then back online: the upload waits for its file, with the server's progress
  await page.reload().catch(() => {});
  await context.setOffline(false);
  await page.goto(studio);
  await slowUploads(page);
  await page.waitForLoadState('networkidle');
  await expect(row.getByText('页面已刷新，请重新选择同一文件继续上传')).toBeVisible();
  await expect(row.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  const held = Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'));
  expect(held).toBeGreaterThan(0);
  expect(held).toBeLessThan(100);
  await shot(page, 'after-reload');

  // the same file chosen again continues from the first missing chunk and goes to its lesson, sending exactly the
  // chunks the server lacks (decision 30: one test, then the missing chunks)
  const unfinished: { fileName: string; uploadedChunks: number }[] = await call(
    page,
    '/vod/auth/videoInfo/upload/list',
    {},
  );
  const heldChunks = unfinished.find((u) => u.fileName === firstName)!.uploadedChunks;
  const before = { ...counts };
  const resumedAt = Date.now();
  await row.getByLabel(`重新选择「${firstName}」`).setInputFiles(first);
  await expect(row.getByText('上传完成，已用于课时「第一课」')).toBeVisible({ timeout: 90_000 });
  const afterReload = counts.sent - before.sent;
  expect(afterReload).toBeGreaterThan(0);
  expect(afterReload).toBe(totalChunks - heldChunks);
  console.log(
    `resumed upload: ${totalChunks} chunks, ${heldChunks} held at the reload; after it ${afterReload} chunks sent, ` +
      `${counts.tests - before.tests} tests, ${((Date.now() - resumedAt) / 1000).toFixed(1)} s to the lesson link ` +
      `(before the reload: ${before.sent} chunks sent, ${before.tests} tests)`,
  );
  const linked = await call(page, '/course/auth/course/period/video/view', { periodId: draft.first });
  expect(linked.video.videoName).toBe(`one-${stamp}`);
  await shot(page, 'done');
  // with nothing left to do the list folds to its title bar instead of sitting over the page
  await expect(row).toBeHidden({ timeout: 10_000 });
  await expect(panel.getByText('上传列表（1 个已完成）')).toBeVisible();
  await shot(page, 'folded');

  // another outage without a reload: the upload continues by itself when the network is back
  await slowUploads(page);
  const mark = counts.answered;
  const beforeSecond = { ...counts };
  await page.getByLabel('为「第二课」选择视频').setInputFiles(second);
  await expect.poll(() => counts.answered, { timeout: 60_000 }).toBeGreaterThanOrEqual(mark + 2);
  const secondRow = panel.getByRole('listitem').filter({ hasText: path.basename(second) });
  await context.setOffline(true);
  await expect(secondRow.getByText('网络已断开，恢复后自动继续')).toBeVisible();
  await context.setOffline(false);
  await expect(secondRow.getByText('上传完成，已用于课时「第二课」')).toBeVisible({ timeout: 90_000 });
  console.log(
    `upload through an outage without a reload: ${Math.floor(statSync(second).size / CHUNK)} chunks, ` +
      `${counts.sent - beforeSecond.sent} sent, ${counts.tests - beforeSecond.tests} tests`,
  );
  const secondLinked = await call(page, '/course/auth/course/period/video/view', { periodId: draft.second });
  expect(secondLinked.video.videoName).toBe(`two-${stamp}`);

  // a text file named .mp4 gets as far as the server, which reads its first bytes and refuses it at once
  const fake = path.join(DIR, 'fake-lesson.mp4');
  writeFileSync(fake, 'not a video at all, only text\n'.repeat(80_000));
  await page.getByLabel('为「第二课」选择视频').setInputFiles(fake);
  await expect(panel.getByText('文件内容不是可识别的视频，请检查文件后重新上传')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'not-a-video');
  await panel.getByRole('button', { name: '取消「fake-lesson.mp4」' }).click();
  await panel.getByRole('button', { name: '移除「fake-lesson.mp4」' }).click();
  await expect(panel.getByText('fake-lesson.mp4')).toHaveCount(0);
  // finished: the title bar's close button clears the list
  await panel.getByRole('button', { name: '关闭上传列表' }).click();
  await expect(panel).toHaveCount(0);
  expect(errors).toEqual([]);
});
