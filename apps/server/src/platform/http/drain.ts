import { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A stopping process behind a proxy (docs/deploy.md): for the drain period it answers every new request from the
 * network 503 without running it, so the proxy can send it on to another process even when it is a POST, and marks
 * this process failed; only then does the process stop listening, when the proxy no longer sends it anything, so no
 * request is left in the listen queue to be reset. Requests already running, and the calls a page being rendered
 * makes in-process (not from the network), go on as usual.
 */
export function installDrain(app: FastifyInstance): { begin(): void; draining(): boolean } {
  let draining = false;
  app.addHook('onRequest', async (req, reply) => {
    if (!draining || !(req.raw instanceof IncomingMessage)) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ code: 503, msg: '服务正在重启，请稍后再试', data: null });
  });
  return {
    begin: () => {
      draining = true;
    },
    draining: () => draining,
  };
}
