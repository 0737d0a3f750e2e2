import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security.ts';

async function app() {
  const a = Fastify();
  installSecurityHeaders(a);
  a.get('/page', async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(`<script nonce="${req.cspNonce}"></script><p>${req.cspNonce}</p>`),
  );
  a.get('/api', async () => ({ code: 200 }));
  await a.ready();
  return a;
}

describe('security headers', () => {
  it('gives each page one nonce, the same in its CSP and its markup, and another to the next page', async () => {
    const a = await app();
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await a.inject('/page');
      const [, inBody] = /nonce="([^"]+)"/.exec(res.body)!;
      expect(res.body).toContain(`<p>${inBody}</p>`);
      expect(res.headers['content-security-policy']).toContain(`'nonce-${inBody}'`);
      expect(inBody).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(inBody!);
    }
    expect(seen.size).toBe(3);
  });

  it('never gives two pages the same nonce, across several fills of the random bytes', async () => {
    const a = await app();
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) seen.add(/nonce="([^"]+)"/.exec((await a.inject('/page')).body)![1]!);
    expect(seen.size).toBe(600);
  });

  it('loads images over https or from ourselves only, and stylesheets from ourselves only', async () => {
    const csp = String((await (await app()).inject('/page')).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))!
        .split(' ')
        .slice(1);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(directive('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets a page compile WebAssembly (the upload MD5) but never eval JavaScript', async () => {
    const csp = String((await (await app()).inject('/page')).headers['content-security-policy']);
    const scriptSrc = csp
      .split('; ')
      .find((d) => d.startsWith('script-src '))!
      .split(' ');
    expect(scriptSrc).toContain("'wasm-unsafe-eval'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });

  it('sends JSON without a CSP but with the other headers', async () => {
    const res = await (await app()).inject('/api');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
