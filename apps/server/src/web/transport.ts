import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode, SITE_HEADER } from '#contract/codes.ts';
import { articleRecommendList, articleZoneCategoryList, articleZoneRefList } from '#contract/community-blog.ts';
import { zoneCourseList } from '#contract/course.ts';
import {
  advList,
  navBarList,
  sysBannerList,
  websiteInfoView,
  websiteLinkList,
  websiteNavList,
} from '#contract/system.ts';
import type { Envelope, Transport } from '#contract/transport.ts';
import { LocalCache } from '../platform/local-cache.ts';
import type { LocalCalls } from '../platform/http/local-calls.ts';

/**
 * Public calls without side effects whose answers are the same for every visitor of a site: the root loader's,
 * made for every page, and the home page's blocks (banners, the ad, the course zones, the article zones and
 * recommended articles). Pages share them for a few seconds, as long as a guest's page is kept (PAGE_CACHE_MS, 5 s
 * by default), so a signed-in learner's home page is as fresh as a guest's; never past an edit of the site's
 * memoised data (the memo generation changes). Calls that count a view or answer per viewer stay out.
 */
const SITE_CALLS = new Set(
  [
    websiteInfoView,
    navBarList,
    websiteNavList,
    websiteLinkList,
    sysBannerList,
    advList,
    zoneCourseList,
    articleRecommendList,
    articleZoneCategoryList,
    articleZoneRefList,
  ].map((c) => c.path),
);
const SITE_ANSWER_TTL_MS = 5_000;
// keyed by the Host header too (it may pick the site), which anyone can vary: bounded
const SITE_ANSWER_MAX = 500;

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
