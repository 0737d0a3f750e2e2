import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import type { Envelope } from '#contract/transport.ts';
import { envelopeOfError } from './error-mapping.ts';
import type { Sites } from './site.ts';

type Run = (req: FastifyRequest, reply: FastifyReply, input: unknown) => Promise<unknown>;

/**
 * In-process calls have no reply of their own: a handler that writes to one (a login setting its cookie) is not
 * a call a page's loader makes, and must fail loudly rather than write to the page's response.
 */
const NO_REPLY = new Proxy({} as FastifyReply, {
  get(_target, name) {
    throw new Error(`an in-process call used reply.${String(name)}: call it over HTTP instead`);
  },
});

/** Deep-freezes an answer outside production, so a loader that changes a shared (cached) answer fails loudly. */
function frozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) frozen(v);
  return Object.freeze(value);
}

/**
 * The calls of the API as the pages' loaders make them (decision 50): the very steps of each call over HTTP
 * (route.ts: validation, the session and permission checks, the handler, its presenter), run as the page's own
 * request — its cookie, token, host, SITE-ID and address — without simulating an HTTP request and without
 * writing the answer to JSON and reading it back. The answer is what the handler returned, shaped as the
 * contract says (presenters give strings for ids and times), so the page sees exactly what the browser would.
 */
export class LocalCalls {
  private readonly runs = new Map<string, Run>();
  private readonly sites: Sites;
  private readonly freeze: boolean;
  constructor(sites: Sites, opts: { freeze: boolean }) {
    this.sites = sites;
    this.freeze = opts.freeze;
  }

  register(call: CallDef, run: Run): void {
    this.runs.set(call.path, run);
  }

  has(call: CallDef): boolean {
    return this.runs.has(call.path);
  }

  /** The call's envelope, as the page's request `req`; the input as HTTP would carry it (a GET call's as its query). */
  async dispatch(call: CallDef, body: unknown, req: FastifyRequest): Promise<Envelope> {
    const run = this.runs.get(call.path);
    if (!run) return { code: ResultCode.ERROR, msg: `接口不存在：${call.method} /apis${call.path}`, data: null };
    try {
      req.site ??= await this.sites.resolve(req.headers, req.headers.host);
      const data = await run(req, NO_REPLY, call.method === 'GET' ? asQuery(body) : asJson(body));
      return { code: ResultCode.SUCCESS, msg: '', data: this.freeze ? frozen(data) : data };
    } catch (err) {
      return envelopeOfError(err as FastifyError, req).body;
    }
  }
}

/** What a body becomes over HTTP at its top level: a key whose value is undefined is not sent at all. */
function asJson(body: unknown): unknown {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** What a GET call's input becomes over HTTP: every defined value as text, as in its query string. */
function asQuery(body: unknown): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>))
    if (v !== undefined) query[k] = String(v);
  return query;
}
