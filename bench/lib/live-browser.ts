import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { readClock } from './live-clock.ts';
import { Samples } from './live-viewers.ts';

/** The demo learner who watches in the browser (live-data.ts gives them the course). */
export const BROWSER_LEARNER = { mobile: '13800000001', password: 'Demo1234' };
const CHROMIUM = '/usr/bin/chromium';

export type BrowserLatency = { samples: Samples; unreadable: number } | { skipped: string };

/**
 * The honest figure, where it can be had: the watching page in a real Chromium with its own hls.js, the frame on
 * screen read twice a second through a canvas and its clock compared with the wall clock.
 */
export async function browserLatency(baseUrl: string, periodId: string, seconds: number): Promise<BrowserLatency> {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../apps/web/build/server')))
    return { skipped: 'the pages are not built (npm run build)' };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await (await browser.newContext({ baseURL: baseUrl, locale: 'zh-CN' })).newPage();
    const login = await page.request.post('/apis/user/api/user/login/password', {
      data: { ...BROWSER_LEARNER, clientType: 1 },
    });
    if (((await login.json()) as { code: number }).code !== 200) return { skipped: 'the demo learner cannot sign in' };
    await page.goto(`/preview/live/${periodId}`);
    const video = page.getByLabel('直播画面');
    await video.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
      timeout: 30_000,
    });
    const samples = new Samples();
    let unreadable = 0;
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      const shot = await video.evaluate((v: HTMLVideoElement) => {
        const c = document.createElement('canvas');
        c.width = 320;
        c.height = 240;
        const g = c.getContext('2d')!;
        g.drawImage(v, 0, 0, 320, 240);
        const at = Date.now();
        const rgba = g.getImageData(0, 0, 320, 240).data;
        let gray = '';
        for (let i = 0; i < rgba.length; i += 4) gray += String.fromCharCode(rgba[i]!);
        return { at, gray: btoa(gray) };
      });
      const ms = readClock(Buffer.from(shot.gray, 'base64'));
      if (ms === undefined) unreadable++;
      else samples.add(shot.at - ms);
      await new Promise((r) => setTimeout(r, 500));
    }
    return { samples, unreadable };
  } finally {
    await browser.close();
  }
}
