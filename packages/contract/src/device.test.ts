import { describe, expect, it } from 'vitest';
import {
  deviceRedirect,
  h5PathOf,
  h5PathOfHash,
  h5Target,
  isCrawler,
  isPhone,
  isWechatBrowser,
  pcPathOf,
  type DeviceVisit,
} from './device.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WECHAT = `${IPHONE} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1';
const GOOGLEBOT_PHONE =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BAIDU_PHONE =
  'Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 (KHTML,like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

const visit = (over: Partial<DeviceVisit>): DeviceVisit => ({
  userAgent: IPHONE,
  choice: null,
  h5Domain: '',
  host: 'www.school.cn',
  pathname: '/',
  search: '',
  ...over,
});

describe('phones and crawlers', () => {
  it('knows phones, WeChat included, from tablets and computers', () => {
    expect([IPHONE, PIXEL, WECHAT].map(isPhone)).toEqual([true, true, true]);
    expect([DESKTOP, IPAD, null, ''].map(isPhone)).toEqual([false, false, false, false]);
  });
  it('tells WeChat’s own browser from other phone browsers (its pay is JSAPI)', () => {
    expect([WECHAT, IPHONE, PIXEL, DESKTOP, null].map(isWechatBrowser)).toEqual([true, false, false, false, false]);
  });
  it('sends a phone back from a cashier to the H5 result page', () => {
    expect(h5PathOf('/order/result')).toBe('/h5/order/result');
    expect(pcPathOf('/h5/order/result')).toBe('/order/result');
  });
  it('a search engine reading as a phone is a crawler, not a phone', () => {
    expect(isCrawler(GOOGLEBOT_PHONE)).toBe(true);
    expect(isCrawler(BAIDU_PHONE)).toBe(true);
    expect(isPhone(GOOGLEBOT_PHONE)).toBe(false);
    expect(isCrawler(IPHONE)).toBe(false);
  });
});

describe('h5Target', () => {
  it('sends a phone to the H5 domain with the path and query in the hash route', () => {
    expect(h5Target('m.school.cn', 'www.school.cn', '/view/12', '?x=1')).toBe('https://m.school.cn/#/view/12?x=1');
    expect(h5Target('http://m.school.cn/', 'www.school.cn', '/list', '?c=3')).toBe('http://m.school.cn/#/list?c=3');
  });
  it('without an H5 domain, or when it is this host, goes to /h5/ on this host', () => {
    expect(h5Target('', 'www.school.cn', '/view/12', '?x=1')).toBe('/h5/#/view/12?x=1');
    expect(h5Target('  ', 'www.school.cn', '/', '')).toBe('/h5/#/');
    expect(h5Target('https://www.school.cn', 'www.school.cn', '/list', '')).toBe('/h5/#/list');
  });
  it('leaves a page H5 does not have (the studio) on the PC site', () => {
    expect(h5Target('', 'www.school.cn', '/account/vod', '')).toBeNull();
    expect(h5Target('m.school.cn', 'www.school.cn', '/account/vod/praxis', '')).toBeNull();
    expect(h5Target('', 'www.school.cn', '/view/abc', '')).toBeNull();
  });
});

describe('the hash route and the PC address of an H5 page', () => {
  it('reads the spec hash route as an H5 address with its query', () => {
    expect(h5PathOfHash('#/view/12?x=1&y=%E4%B8%AD')).toBe('/h5/view/12?x=1&y=%E4%B8%AD');
    expect(h5PathOfHash('#/index')).toBe('/h5/');
    expect(h5PathOfHash('#/')).toBe('/h5/');
    expect(h5PathOfHash('#/list?c=3')).toBe('/h5/list?c=3');
    expect(h5PathOfHash('#/question?labelNo=5')).toBe('/h5/question?labelNo=5');
    expect(h5PathOfHash('#/question/view/7')).toBe('/h5/question/view/7');
    expect(h5PathOfHash('#/question/account/write')).toBe('/h5/question/write');
    expect(h5PathOfHash('#/blog/blogger/42')).toBe('/h5/blog/blogger/42');
    expect(h5PathOfHash('#/blog/account?tab=drafts')).toBe('/h5/blog/account?tab=drafts');
    expect(h5PathOfHash('#/blog/account/write?id=42')).toBe('/h5/blog/account/write?id=42');
    expect(h5PathOfHash('#/grade/view/9?code=AB23CD')).toBe('/h5/grade/view/9?code=AB23CD');
    expect(h5PathOfHash('#/account/grades/my')).toBe('/h5/account/grades');
    expect(h5PathOfHash('#/exam?s=3&free=1')).toBe('/h5/exam?s=3&free=1');
    expect(h5PathOfHash('#/exam/explain?recordId=8&only=wrong')).toBe('/h5/exam/explain?recordId=8&only=wrong');
    expect(h5PathOfHash('#/account/collection')).toBe('/h5/account/collection');
    expect(h5PathOfHash('#/account/feedback')).toBe('/h5/account/feedback');
  });
  it('ignores an ordinary anchor or a page H5 does not have', () => {
    expect(h5PathOfHash('')).toBeNull();
    expect(h5PathOfHash('#top')).toBeNull();
    expect(h5PathOfHash('#/account/vod/add')).toBeNull();
  });
  it('maps H5 paths back to PC paths', () => {
    expect(pcPathOf('/h5/view/12')).toBe('/view/12');
    expect(pcPathOf('/h5/question/view/7')).toBe('/question/view/7');
    expect(pcPathOf('/h5/question/write')).toBe('/question/account/write');
    expect(pcPathOf('/h5/grade/view/9')).toBe('/grade/view/9');
    expect(pcPathOf('/h5/blog/account/write')).toBe('/blog/account/write');
    expect(pcPathOf('/h5/account/grades')).toBe('/account/grades/my');
    expect(pcPathOf('/h5/')).toBe('/');
    expect(pcPathOf('/h5')).toBe('/');
    expect(pcPathOf('/h5x/list')).toBe('/h5x/list');
  });
});

describe('deviceRedirect', () => {
  it('sends a phone from a PC page to H5, and leaves a computer there', () => {
    expect(deviceRedirect(visit({ pathname: '/view/7', search: '?x=1' }))).toBe('/h5/#/view/7?x=1');
    expect(deviceRedirect(visit({ userAgent: PIXEL, h5Domain: 'm.school.cn', pathname: '/list' }))).toBe(
      'https://m.school.cn/#/list',
    );
    expect(deviceRedirect(visit({ userAgent: DESKTOP, pathname: '/view/7' }))).toBeNull();
    expect(deviceRedirect(visit({ userAgent: IPAD, pathname: '/view/7' }))).toBeNull();
  });
  it('sends a phone to 我的博客 and to writing a post, the post to edit kept', () => {
    expect(deviceRedirect(visit({ pathname: '/blog/account', search: '?tab=drafts' }))).toBe(
      '/h5/#/blog/account?tab=drafts',
    );
    expect(deviceRedirect(visit({ pathname: '/blog/account/write', search: '?id=42' }))).toBe(
      '/h5/#/blog/account/write?id=42',
    );
    expect(deviceRedirect(visit({ userAgent: DESKTOP, pathname: '/h5/blog/account/write', search: '?id=42' }))).toBe(
      '/blog/account/write?id=42',
    );
  });
  it('sends a phone to the school page, recruitment, enquiry form and introduction pages on H5', () => {
    for (const p of ['/schoolProfile/42', '/recruit', '/onlineRegistration', '/terrace/7', '/terrace'])
      expect(deviceRedirect(visit({ pathname: p }))).toBe(`/h5/#${p}`);
    expect(deviceRedirect(visit({ pathname: '/schoolProfile' }))).toBeNull();
    expect(deviceRedirect(visit({ userAgent: DESKTOP, pathname: '/h5/recruit' }))).toBe('/recruit');
  });
  it('sends a phone to its earnings and withdrawals on H5, the state it filters by kept', () => {
    expect(deviceRedirect(visit({ pathname: '/account/earnings', search: '?days=30' }))).toBe(
      '/h5/#/account/earnings?days=30',
    );
    expect(deviceRedirect(visit({ pathname: '/account/draw_money', search: '?state=1' }))).toBe(
      '/h5/#/account/draw_money?state=1',
    );
    expect(h5PathOfHash('#/account/draw_money?state=1')).toBe('/h5/account/draw_money?state=1');
    expect(deviceRedirect(visit({ userAgent: DESKTOP, pathname: '/h5/account/draw_money' }))).toBe(
      '/account/draw_money',
    );
    // the PC path's underscore is the page's own: a look-alike stays a PC address
    expect(deviceRedirect(visit({ pathname: '/account/draw-money' }))).toBeNull();
  });
  it('sends a computer from an H5 page to its PC page, and leaves a phone there', () => {
    expect(deviceRedirect(visit({ userAgent: DESKTOP, pathname: '/h5/view/7', search: '?x=1' }))).toBe('/view/7?x=1');
    expect(deviceRedirect(visit({ userAgent: DESKTOP, pathname: '/h5/' }))).toBe('/');
    expect(deviceRedirect(visit({ pathname: '/h5/view/7' }))).toBeNull();
  });
  it('remembers the switch both ways', () => {
    expect(deviceRedirect(visit({ choice: 'pc', pathname: '/view/7' }))).toBeNull();
    expect(deviceRedirect(visit({ userAgent: DESKTOP, choice: 'h5', pathname: '/h5/list' }))).toBeNull();
    expect(deviceRedirect(visit({ userAgent: DESKTOP, choice: 'h5', pathname: '/list' }))).toBe('/h5/#/list');
    // a phone that chose the PC site may still open an H5 address it was given
    expect(deviceRedirect(visit({ choice: 'pc', pathname: '/h5/list' }))).toBeNull();
  });
  it('on the H5 domain itself, a phone goes from the root to /h5/ (the browser keeps the hash)', () => {
    const onH5 = visit({ h5Domain: 'https://m.school.cn', host: 'm.school.cn' });
    expect(deviceRedirect(onH5)).toBe('/h5/');
    expect(deviceRedirect({ ...onH5, pathname: '/view/7', search: '?x=1' })).toBe('/h5/view/7?x=1');
    expect(deviceRedirect({ ...onH5, pathname: '/account/live' })).toBeNull();
  });
  it('never moves a crawler', () => {
    expect(deviceRedirect(visit({ userAgent: GOOGLEBOT_PHONE, pathname: '/view/7' }))).toBeNull();
    expect(deviceRedirect(visit({ userAgent: BAIDU_PHONE, pathname: '/h5/view/7' }))).toBeNull();
    expect(deviceRedirect(visit({ userAgent: 'Googlebot/2.1', pathname: '/h5/view/7' }))).toBeNull();
  });
});
