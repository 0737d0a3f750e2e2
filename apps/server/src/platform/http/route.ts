import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ADMIN_TOKEN_COOKIE, ResultCode, TOKEN_COOKIE, TOKEN_HEADER } from '#contract/codes.ts';
import { envelopeOf, type CallDef } from '#contract/call.ts';
import { cleanAt, richTextPaths } from '#contract/rich-text.ts';
import { sanitizeRichText } from '../html.ts';
import { AppError, fail } from './errors.ts';
import { describeIssues } from './validation.ts';
import type { SiteRow } from './site.ts';
import type { SessionInfo } from './session.ts';
import type { LocalCalls } from './local-calls.ts';

export interface Actor {
  kind: 'user' | 'admin';
  id: bigint;
  token: string;
  viaCookie: boolean;
}

interface BaseContext<B> {
  body: B;
  site: SiteRow;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Whether the call's handler acts for someone signed in: /auth/ (a user), /admin/ (an administrator), a beacon. */
export type SignedIn<C extends CallDef> = C extends { beacon: true }
  ? true
  : C['access'] extends 'auth' | 'admin'
    ? true
    : false;

/** What a handler gets: the validated body, the site, and on signed-in calls the actor (none on /api/, /callback/). */
export type CallContext<C extends CallDef> = BaseContext<z.output<C['body']>> &
  (SignedIn<C> extends true ? { actor: Actor } : { actor?: never });

export type Handler<C extends CallDef> = (ctx: CallContext<C>) => Promise<z.input<C['data']>>;

declare module 'fastify' {
  interface FastifyRequest {
    site: SiteRow;
  }
}

export interface RouteDeps {
  lookupSession(token: string): Promise<SessionInfo | undefined>;
  /** Whether the request comes from our own origin (cookie-authenticated writes need that). */
  sameOrigin(req: FastifyRequest): boolean;
  validateOutput: boolean;
  /** Where each call is also registered for the pages' in-process dispatch (local-calls.ts). */
  local?: LocalCalls;
}

function tokenOf(req: FastifyRequest, cookieName: string): { token: string; viaCookie: boolean } | undefined {
  const header = req.headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return { token: fromHeader, viaCookie: false };
  const fromCookie = req.cookies?.[cookieName];
  return fromCookie ? { token: fromCookie, viaCookie: true } : undefined;
}

/**
 * The guard of /auth/ and /admin/ calls and of beacon calls: codes 301, 302, 304 and 306 of the envelope, and a
 * write carried by the cookie alone must come from our own pages (a beacon's source is checked first).
 */
async function signedIn(kind: Actor['kind'], beacon: boolean, req: FastifyRequest, deps: RouteDeps): Promise<Actor> {
  const found = tokenOf(req, kind === 'admin' ? ADMIN_TOKEN_COOKIE : TOKEN_COOKIE);
  if (!found) throw new AppError(ResultCode.TOKEN_INVALID, kind === 'admin' ? '请先登录管理后台' : '请先登录');
  const crossSite = found.viaCookie && req.method !== 'GET' && !deps.sameOrigin(req);
  // the cookie is SameSite=Lax already; a beacon carried by the cookie must also come from our own pages
  if (beacon && crossSite) throw fail('请求来源不被允许');
  const s = await deps.lookupSession(found.token);
  if (!s || s.siteId !== req.site.id) throw new AppError(ResultCode.TOKEN_INVALID, '登录状态无效，请重新登录');
  if (s.revokedReason === 'elsewhere') throw new AppError(ResultCode.LOGGED_IN_ELSEWHERE, '您的账号已在其他地方登录！');
  if (s.expiresAt <= Date.now()) throw new AppError(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  if (s.subjectKind !== kind) throw new AppError(ResultCode.NO_PERMISSION, '没有权限进行此操作');
  if (crossSite) throw fail('请求来源不被允许');
  return { kind, id: s.subjectId, token: found.token, viaCookie: found.viaCookie };
}

/** What the call validates: the query (GET) or the body, with the path's parameters under it (the body's win). */
function inputOf(req: FastifyRequest): unknown {
  const input = req.method === 'GET' ? (req.query ?? {}) : (req.body ?? {});
  const params = Object.entries((req.params ?? {}) as Record<string, string | undefined>).filter(([, v]) => !!v);
  return params.length === 0 ? input : { ...Object.fromEntries(params), ...(input as object) };
}

/** Whether any string of a request's input, key or value, holds a NUL, which no text column can store. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v));
  }
  return false;
}

/**
 * Registers one call of the contract: validate → authorise → the handler (one service call) → the envelope.
 * GET calls of the spec also answer POST, because the spec's clients use both.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  deps: RouteDeps,
  handler: Handler<C>,
): void {
  // the body's rich fields, cleaned here for every call (decision 31): a handler never sees raw HTML
  const rich = richTextPaths(call.body);
  const methods = call.method === 'GET' ? (['GET', 'POST'] as const) : ([call.method] as const);
  /** The call's steps, the same over HTTP and in-process: validate → authorise → the handler → its data. */
  const run = async (req: FastifyRequest, reply: FastifyReply, input: unknown): Promise<unknown> => {
    const parsed = holdsNul(input) ? ({ success: false, nul: true } as const) : call.body.safeParse(input);
    let actor: Actor | null = null;
    if (call.access === 'auth' || call.access === 'admin') {
      actor = await signedIn(call.access === 'admin' ? 'admin' : 'user', false, req, deps);
    }
    if (!parsed.success) throw fail('nul' in parsed ? '内容包含无法识别的字符' : describeIssues(parsed.error.issues));
    if (rich.length > 0) cleanAt(parsed.data, rich, sanitizeRichText);
    // a beacon sits under /api/: like every /api/ call, its body is checked before its session
    if (call.beacon) actor = await signedIn('user', true, req, deps);
    const ctx = { body: parsed.data, site: req.site, req, reply, ...(actor && { actor }) };
    const data = await handler(ctx as CallContext<C>);
    if (deps.validateOutput) call.data.parse(data);
    return data ?? null;
  };
  app.route({
    method: [...methods],
    url: call.path,
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[1]!],
      ...(call.method === 'GET' ? {} : { body: call.body }),
      response: { 200: envelopeOf(call.data) },
    },
    async handler(req, reply) {
      return { code: ResultCode.SUCCESS, msg: '', data: await run(req, reply, inputOf(req)) };
    },
  });
  deps.local?.register(call, run);
}

/** Binds registerCall to an app and its dependencies, so a module's route file reads as a list of calls. */
export function router(app: FastifyInstance, deps: RouteDeps) {
  return <C extends CallDef>(call: C, handler: Handler<C>) => registerCall(app, call, deps, handler);
}
export type Router = ReturnType<typeof router>;
