import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as c from '#contract/qr-login.ts';
import type { Router } from '../../platform/http/route.ts';
import { originOf } from '../../platform/http/origin.ts';
import { mpSignatureValid, mpTextReply, parseMpEvent } from '../../platform/wechat.ts';
import type { QrLoginService } from './qr-login.service.ts';
import type { LoginResult } from './user-auth.service.ts';

type WithCookie = (reply: FastifyReply) => (r: LoginResult) => { token: string; userInfo: LoginResult['userInfo'] };
const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export function qrLoginRoutes(
  on: Router,
  qr: QrLoginService,
  withCookie: WithCookie,
  publicUrl: string | undefined,
): void {
  on(c.getMpQrCodeUrl, ({ site, req }) => qr.create(site.id, originOf(req, publicUrl)));
  on(c.checkQrCodeState, async ({ site, body, req, reply }) => {
    const r = await qr.check(site.id, body.sceneId, body.clientType, meta(req));
    if (r.state !== 'success') return { state: r.state, token: '', userInfo: null };
    return {
      state: r.state,
      ...withCookie(reply)({ token: r.token, userInfo: r.userInfo!, clientType: r.clientType! }),
    };
  });
  on(c.registerByQrcode, ({ site, body, req, reply }) => qr.register(site.id, body, meta(req)).then(withCookie(reply)));
  on(c.qrDevScan, ({ site, body }) => qr.devScan(site.id, body.sceneId));
  on(c.qrDevConfirm, ({ site, body }) => qr.devConfirm(site.id, body.sceneId, body.openId));
}

/** WeChat's server pushes to this address: it signs the query, sends XML, and expects plain text back. */
export const MP_CALLBACK_PATH = '/user/callback/wechat/mp';

/**
 * The official account's server configuration: GET answers WeChat's echo check, POST receives scan events.
 * These are webhooks, not calls of the contract, so they answer in WeChat's format rather than the envelope.
 */
export async function wechatCallbackRoutes(http: FastifyInstance, qr: QrLoginService, token: string): Promise<void> {
  await http.register(async (scope) => {
    scope.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.get(MP_CALLBACK_PATH, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      reply.type('text/plain');
      return mpSignatureValid(token, q) ? (q.echostr ?? '') : 'invalid signature';
    });
    scope.post(MP_CALLBACK_PATH, async (req, reply) => {
      reply.type('text/plain');
      if (!mpSignatureValid(token, req.query as Record<string, string | undefined>)) return 'invalid signature';
      const event = parseMpEvent(typeof req.body === 'string' ? req.body : '');
      if (event.msgType !== 'event' || (event.event !== 'SCAN' && event.event !== 'subscribe')) return 'success';
      const text = await qr.mpScanned(req.site.id, event).catch((err: unknown) => {
        req.log.error({ err }, 'wechat scan event failed');
        return '';
      });
      if (!text) return 'success';
      reply.type('application/xml');
      return mpTextReply(event.openId, event.toUser, text);
    });
  });
}
