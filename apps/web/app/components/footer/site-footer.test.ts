import { expect, test } from 'vitest';
import type { SiteChrome } from '../../lib/root-data.ts';
import { recordingKeeper, renderForSite } from '../../testing/kept-render.ts';
import { SiteFooter } from './site-footer.tsx';

const chrome = {
  webInfo: {
    webName: '青课网校',
    telephone: '400-800-1234',
    address: '北京市海淀区 "学院路" 1 号',
    serviceContact: '客服 QQ：123456',
    mpQrcode: '/media/qr.png',
    service1: '/media/service.png',
    legalNotice: '本站课程仅供学习 <使用>',
    copyright: '© 2026 青课',
    icp: '京ICP备00000000号',
    prn: '京公网安备',
    prnNo: '11010802000000',
  },
  navBar: [],
  aboutList: [
    {
      id: '1',
      navName: '关于我们',
      infoShow: 1,
      articleList: Array.from({ length: 6 }, (_, i) => ({ id: String(10 + i), artTitle: `文章 ${i} & '引号'` })),
    },
    { id: '2', navName: '帮助', infoShow: 0, articleList: [{ id: '30', artTitle: '如何购买' }] },
  ],
  links: [{ id: '5', linkName: '教育部', linkUrl: 'http://www.moe.gov.cn/', linkTarget: '_blank' }],
} as unknown as SiteChrome;

const keeper = recordingKeeper();

/** The footer through a data router, with the server's keeper (kept markup) or without it (as a browser draws it). */
async function footerAt(path: string, kept: boolean): Promise<string> {
  const html = await renderForSite(chrome, path, SiteFooter, kept ? keeper : null);
  return html.slice(html.indexOf('<footer'), html.indexOf('</footer>') + 9);
}

test('the kept footer is the markup a browser draws, the switch to the phone site pointing back at each page', async () => {
  for (const path of ['/', '/view/7', `/search?keyword=${encodeURIComponent('数据 & "分析"')}&type=1`, "/info?x='1'"]) {
    const drawn = await footerAt(path, false);
    expect(drawn).toContain('手机版');
    expect(drawn).toContain('/info/detail/10');
    expect(await footerAt(path, true), path).toBe(drawn);
  }
  expect(keeper.asked).toEqual(['footer', 'footer', 'footer', 'footer']);
});

test('the footer is kept while the site is unchanged and drawn again after an edit', async () => {
  const before = await footerAt('/', true);
  (chrome as { links: unknown[] }).links = [
    { id: '6', linkName: '国家智慧教育平台', linkUrl: 'https://www.smartedu.cn/' },
  ];
  const after = await footerAt('/', true);
  expect(after).not.toBe(before);
  expect(after).toContain('国家智慧教育平台');
  expect(after).toBe(await footerAt('/', false));
});
