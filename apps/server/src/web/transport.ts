import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode, SITE_HEADER } from '#contract/codes.ts';
import { navBarList, websiteInfoView, websiteLinkList, websiteNavList } from '#contract/system.ts';
import type { Envelope, Transport } from '#contract/transport.ts';
import { LocalCache } from '../platform/local-cache.ts';
import type { LocalCalls } from '../platform/http/local-calls.ts';

/**
 * The calls of the root loader, made for every page: their answers are the same for every visitor of a site and
 * the server memoises them until an administrator edits the site's data. Pages share them for a few seconds,
 * and never past such an edit (the memo generation changes).
 */
const SITE_CALLS = new Set([websiteInfoView, navBarList, websiteNavList, websiteLinkList].map((c) => c.path));
const SITE_ANSWER_TTL_MS = 5_000;
// keyed by the Host header too (it may pick the site), which anyone can vary: bounded
const SITE_ANSWER_MAX = 200;

export class SiteAnswers {
  private readonly answers: LocalCache<string, Promise<Envelope>>;
  constructor(generation: () => number) {
    this.answers = new LocalCache({ max: SITE_ANSWER_MAX, ttlMs: SITE_ANSWER_TTL_MS, generation });
  }

  get(key: string, load: () => Promise<Envelope>): Promise<Envelope> {
    const hit = this.answers.get(key);
    if (hit) return hit;
    const env = load();
    this.answers.set(key, env);
    const forget = () => this.answers.forget(key, env);
    env.then((e) => e.code !== ResultCode.SUCCESS && forget(), forget);
    return env;
  }
}

/**
 * The transport of server rendering: each call of a page's loaders runs as the page request's visitor (same
 * cookie, host and client address), so it passes the very checks a browser call would and takes no network hop.
 * The loaders of a page asked for with GET (a first load, a navigation's `.data`) run the call's steps directly
 * (LocalCalls, decision 50); a form post's action goes through `app.inject`, a request of its own, as before.
 */
export function pageTransport(
  app: FastifyInstance,
  page: FastifyRequest,
  site: SiteAnswers,
  local: LocalCalls | undefined,
): Transport {
  const inject = injectTransport(app, page);
  const direct = local && (page.method === 'GET' || page.method === 'HEAD') ? local : undefined;
  const siteKey = `${page.headers[SITE_HEADER] ?? ''}|${page.headers.host ?? ''}`;
  return (call, body) => {
    const send = () => (direct?.has(call) ? direct.dispatch(call, body, page) : inject(call, body));
    if (!SITE_CALLS.has(call.path)) return send();
    return site.get(`${siteKey}|${call.path}|${JSON.stringify(body ?? {})}`, send);
  };
}

/** A call as a request of its own through `app.inject`, with the page request's visitor's headers. */
function injectTransport(app: FastifyInstance, page: FastifyRequest): Transport {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': page.ip,
    'x-request-id': page.id,
  };
  const copy = (name: string) => {
    const v = page.headers[name];
    if (typeof v === 'string' && v) headers[name] = v;
  };
  copy('host');
  copy('cookie');
  copy('user-agent');
  copy(SITE_HEADER);

  return async (call, body) => {
    let url = `/apis${call.path}`;
    let payload: string | undefined;
    if (call.method === 'GET') {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>))
        if (v !== undefined) query.set(k, String(v));
      if (query.size) url += `?${query}`;
    } else {
      payload = JSON.stringify(body ?? {});
    }
    const res = await app.inject({ method: call.method, url, headers, payload });
    try {
      return JSON.parse(res.body) as Envelope;
    } catch {
      return { code: 999, msg: `服务器响应异常（${res.statusCode}），请稍后再试`, data: null };
    }
  };
}
