import type { FastifyRequest } from 'fastify';
import * as c from '#contract/study.ts';
import { IdBody } from '#contract/call.ts';
import { ResultCode, TOKEN_COOKIE, TOKEN_HEADER } from '#contract/codes.ts';
import type { Router } from '../../platform/http/route.ts';
import type { Sessions } from '../../platform/http/session.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { describeIssues } from '../../platform/http/validation.ts';
import type { StudyService } from './study.service.ts';
import type { NoteService } from './note.service.ts';

/**
 * The signed-in user of a call that sits under /api/ only so sendBeacon can reach it: the token header or the
 * RC_WEB_TOKEN cookie, with the same answers as the /auth/ guard (302 none or invalid, 304 elsewhere, 301
 * expired, 306 an administrator's session).
 */
async function beaconUser(req: FastifyRequest, sessions: Sessions): Promise<bigint> {
  const header = req.headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const token = fromHeader || req.cookies?.[TOKEN_COOKIE];
  if (!token) throw new AppError(ResultCode.TOKEN_INVALID, '请先登录');
  // the cookie is SameSite=Lax already; a report carried by the cookie must also come from our own pages
  if (!fromHeader && !fromOwnPage(req)) throw fail('请求来源不被允许');
  const s = await sessions.lookup(token);
  if (!s || s.siteId !== req.site.id) throw new AppError(ResultCode.TOKEN_INVALID, '登录状态无效，请重新登录');
  if (s.revokedReason === 'elsewhere') throw new AppError(ResultCode.LOGGED_IN_ELSEWHERE, '您的账号已在其他地方登录！');
  if (s.expiresAt <= Date.now()) throw new AppError(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  if (s.subjectKind !== 'user') throw new AppError(ResultCode.NO_PERMISSION, '没有权限进行此操作');
  return s.subjectId;
}

function fromOwnPage(req: FastifyRequest): boolean {
  const source = req.headers.origin ?? req.headers.referer;
  if (!source) return true;
  try {
    return new URL(source).host === req.headers.host;
  } catch {
    return false;
  }
}

export function studyRoutes(on: Router, study: StudyService, notes: NoteService, sessions: Sessions): void {
  on(c.periodLogSave, async ({ site, req, body }) => study.report(site.id, await beaconUser(req, sessions), body));
  on(c.periodProgressList, ({ site, actor, body }) => study.courseProgress(site.id, actor!.id, BigInt(body.courseId)));
  on(c.studyRecordPage, ({ site, actor, body }) => study.records(site.id, actor!.id, body));

  on(c.noteLogPage, ({ site, actor, body }) => notes.page(site.id, actor!.id, body));
  on(c.noteLogView, ({ site, actor, body }) => notes.view(site.id, actor!.id, body.id));
  on(c.noteLogSave, ({ site, actor, body }) => notes.save(site.id, actor!.id, body));
  on(c.noteLogDelete, ({ site, actor, body, req }) => {
    // the spec sends the id in the query string (DELETE …/delete?id=)
    const parsed = body.id ? { success: true as const, data: { id: body.id } } : IdBody.safeParse(req.query ?? {});
    if (!parsed.success) throw fail(describeIssues(parsed.error.issues));
    return notes.remove(site.id, actor!.id, parsed.data.id);
  });
}
