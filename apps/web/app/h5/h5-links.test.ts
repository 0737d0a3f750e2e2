import { describe, expect, it } from 'vitest';
import { VIEW_COOKIE } from '#contract/device.ts';
import { h5Href, switchHref } from './h5-links.ts';
import { loader as switchLoader } from './switch.ts';

/** The switch's answer: a redirect it returns, or throws when there is nothing to remember. */
const switchTo = (query: string) => {
  let res: Response;
  try {
    res = switchLoader({ request: new Request(`http://school.cn/h5/switch?${query}`) } as Parameters<
      typeof switchLoader
    >[0]);
  } catch (thrown) {
    res = thrown as Response;
  }
  return { status: res.status, location: res.headers.get('location'), cookie: res.headers.get('set-cookie') };
};

describe('links of the H5 site', () => {
  it('sends a banner link to its H5 page when H5 has one', () => {
    expect(h5Href('/view/12?from=banner')).toBe('/h5/view/12?from=banner');
    expect(h5Href('/register')).toBe('/h5/register');
    expect(h5Href('/vip')).toBe('/vip');
    expect(h5Href('https://example.com/x')).toBe('https://example.com/x');
    expect(h5Href('//evil.example/view/1')).toBe('//evil.example/view/1');
  });

  it('the switch remembers the choice and opens the same page in that version', () => {
    const pc = switchTo(`to=pc&next=${encodeURIComponent('/h5/view/12?x=1')}`);
    expect(pc.location).toBe('/view/12?x=1');
    expect(pc.cookie).toMatch(new RegExp(`^${VIEW_COOKIE}=pc; Path=/; Max-Age=\\d+; SameSite=Lax$`));
    const h5 = switchTo(`to=h5&next=${encodeURIComponent('/view/12?x=1')}`);
    expect(h5.location).toBe('/h5/view/12?x=1');
    expect(h5.cookie).toContain(`${VIEW_COOKIE}=h5`);
    // a PC page H5 has not got yet: the H5 home
    expect(switchTo(`to=h5&next=${encodeURIComponent('/exam')}`).location).toBe('/h5/');
    expect(switchHref('pc', '/list?c=1')).toBe('/h5/switch?to=pc&next=%2Flist%3Fc%3D1');
  });

  it('the switch never leaves the site and ignores an odd choice', () => {
    expect(switchTo('to=pc&next=https://evil.example/').location).toBe('/');
    expect(switchTo('to=pc&next=//evil.example/').location).toBe('/');
    const odd = switchTo('to=tablet&next=/list');
    expect(odd.location).toBe('/list');
    expect(odd.cookie).toBeNull();
  });
});
