import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SITE_HEADER } from '#contract/codes.ts';
import type { Envelope, Transport } from '../../../web/app/api/client.ts';

/**
 * The transport of server rendering: each call of a page's loaders is dispatched in-process with
 * `app.inject`, as the page request's visitor (same cookie, host and client address), so it passes the very
 * checks a browser call would and takes no network hop.
 */
export function injectTransport(app: FastifyInstance, page: FastifyRequest): Transport {
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
      for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) if (v !== undefined) query.set(k, String(v));
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
