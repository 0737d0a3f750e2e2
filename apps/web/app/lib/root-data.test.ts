import { describe, expect, it } from 'vitest';
import { packChrome, rootDataOf, type RootLoad, type SiteChrome } from './root-data.ts';

const chromeOfSite = (name: string): SiteChrome =>
  ({
    webInfo: { webName: name },
    navBar: [{ id: '1', navTitle: '首页', navUrl: '/' }],
    aboutList: [{ id: '2', navName: '关于我们', infoShow: 1, articleList: [] }],
    links: [],
  }) as unknown as SiteChrome;

describe('the root data and its chrome text', () => {
  it('makes one text for one site while its parts are the same objects, and a new one when a part changes', () => {
    const chrome = chromeOfSite('青课');
    const text = packChrome(chrome).packed!;
    expect(JSON.parse(text)).toEqual(chrome);
    expect(packChrome({ ...chrome }).packed).toBe(text);
    const renamed = { ...chrome, navBar: [{ id: '1', navTitle: '课程', navUrl: '/list' }] } as unknown as SiteChrome;
    const again = packChrome(renamed).packed!;
    expect(JSON.parse(again).navBar[0].navTitle).toBe('课程');
  });

  it('gives a load whole: the server its own objects, a browser the text read back, one object a load', () => {
    const chrome = chromeOfSite('另一个站');
    const load: RootLoad = { chrome: packChrome(chrome), user: null, notice: null, origin: 'https://a.example' };
    const data = rootDataOf(load);
    expect(data.webInfo).toBe(chrome.webInfo);
    expect(data.origin).toBe('https://a.example');
    expect(rootDataOf(load)).toBe(data);
    // a text this process did not make (as in a browser) is read
    const sent = JSON.stringify({ ...chrome, links: [{ id: '9', linkName: '教育部' }] });
    const read = rootDataOf({ ...load, chrome: { packed: sent } });
    expect(read.links).toEqual([{ id: '9', linkName: '教育部' }]);
    expect(read.user).toBeNull();
  });
});
