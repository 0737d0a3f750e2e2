import { createElement, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { expect, test } from 'vitest';
import type { SiteChrome } from '../../lib/root-data.ts';
import { antdTheme } from '../../styles/antd-theme.ts';
import { recordingKeeper, renderForSite } from '../../testing/kept-render.ts';
import { HeaderNav } from './header-nav.tsx';

const navBar = [
  ['首页', '/'],
  ['课程', '/list'],
  ['直播课堂', '/live'],
  ['班级', '/grade'],
  ['考试中心', '/exam'],
  ['资源', '/resource/list'],
  ['文库', '/library/list'],
  ['博客', '/blog'],
  ['问答', '/question'],
  ['讲师', '/teachingStaff'],
  ['VIP', '/vip'],
  ['合作伙伴 & "外链"', 'https://example.com/?a=1&b=2'],
].map(([navTitle, navUrl], i) => ({ id: String(i + 1), navTitle, navUrl, target: i === 11 ? '_blank' : '_self' }));
const chrome = { webInfo: { siteNamePc: '青课网校' }, navBar, aboutList: [], links: [] } as unknown as SiteChrome;
const keeper = recordingKeeper();

/** The navigation as a PC page draws it (inside antd's provider), with the server's keeper or as a browser. */
async function navAt(path: string, kept: boolean): Promise<string> {
  const Nav = () => createElement(HeaderNav, { items: chrome.navBar });
  const wrap = (page: ReactNode) => createElement(ConfigProvider, { theme: antdTheme }, page);
  const html = await renderForSite(chrome, path, Nav, kept ? keeper : null, wrap);
  return html.slice(html.indexOf('<nav'), html.indexOf('</nav>') + 6);
}

test('the kept navigation is the markup a browser draws, the section one is in marked', async () => {
  for (const path of ['/', '/list', '/exam/view/3', '/vip', '/h5/nowhere']) {
    const drawn = await navAt(path, false);
    expect(drawn).toContain('更多');
    expect(await navAt(path, true), path).toBe(drawn);
  }
  expect(keeper.asked).toContain('nav:100000000000');
  expect(await navAt('/exam/view/3', true)).toContain('class="qk-nav__item is-active" href="/exam"');
  expect(await navAt('/vip', true)).toContain('qk-nav__item qk-nav__toggle is-active');
});
