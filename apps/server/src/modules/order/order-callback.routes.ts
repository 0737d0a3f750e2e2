import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NoticeService } from './notice.service.ts';

/** A notice is a few kilobytes; anything far larger is not one. */
const NOTICE_BODY_LIMIT = 64 * 1024;

/**
 * The payment notice endpoints, one per channel: `/apis/user/callback/order/notify/{channel}/{siteId}` (the
 * address orders give their gateway) and the same without the site (the site of the request). The body is kept
 * exactly as it arrived, whatever its type (JSON from the sandbox and WeChat Pay, a form from Alipay), because the
 * signature is over those bytes; the reply is whatever that gateway expects.
 */
export async function orderCallbackRoutes(http: FastifyInstance, notices: NoticeService): Promise<void> {
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const params = req.params as { channel: string; siteId?: string };
      const siteId = params.siteId && /^\d{1,18}$/.test(params.siteId) ? BigInt(params.siteId) : req.site.id;
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = await notices.receive(params.channel, siteId, req.headers, raw);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    };
    // a body over the limit (or one that cannot be read) is no notice: the gateway hears its own failure reply, never
    // the envelope's HTTP 200, which WeChat Pay would take for success
    scope.setErrorHandler(async (err, req, reply) => {
      const { channel } = req.params as { channel: string };
      req.log.warn({ err: (err as Error).message, channel }, 'payment notice body not read');
      const answer = notices.refusal(channel);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
    scope.post('/user/callback/order/notify/:channel', handler);
    scope.post('/user/callback/order/notify/:channel/:siteId', handler);
  });
}
