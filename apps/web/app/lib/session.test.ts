import { describe, expect, it } from 'vitest';
import { loginUrl, pagePathOf, safeReturnTo } from './session.ts';

describe('login redirects', () => {
  it('remembers the page, not the loader-data request a client navigation made', () => {
    expect(
      pagePathOf(new Request('http://x/account/info.data?_routes=layouts%2Faccount%2Croutes%2Faccount%2Finfo')),
    ).toBe('/account/info');
    expect(pagePathOf(new Request('http://x/account/message.data?page=2&_routes=a'))).toBe('/account/message?page=2');
    expect(pagePathOf(new Request('http://x/_root.data?_routes=root'))).toBe('/');
    expect(pagePathOf(new Request('http://x/account/study?tab=2'))).toBe('/account/study?tab=2');
  });

  it('builds the login address with the return page and why the session ended', () => {
    expect(loginUrl('/account/info', 'elsewhere')).toBe('/login?t=login&redirect=%2Faccount%2Finfo&notice=elsewhere');
    expect(loginUrl('/register?redirect=%2Fapply')).toBe('/login?t=login');
    expect(loginUrl()).toBe('/login?t=login');
  });

  it('sends an H5 page to the H5 login page', () => {
    expect(loginUrl('/h5/view/7?x=1')).toBe('/h5/login?t=login&redirect=%2Fh5%2Fview%2F7%3Fx%3D1');
    expect(loginUrl('/h5/register')).toBe('/h5/login?t=login');
    expect(loginUrl('/h5x/list')).toBe('/login?t=login&redirect=%2Fh5x%2Flist');
  });

  it('only follows a login to a path of this site', () => {
    expect(safeReturnTo('/account/info?x=1')).toBe('/account/info?x=1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null])
      expect(safeReturnTo(bad)).toBe('/');
  });
});
