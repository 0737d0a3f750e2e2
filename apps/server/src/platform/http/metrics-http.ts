import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics.ts';

/** What a reply told its caller: its envelope's code for a call, its status otherwise. */
function outcomeOf(status: number, code: number | undefined): 'ok' | 'refused' | 'session' | 'fault' {
  if (status >= 500) return 'fault';
  if (code === undefined || code === 200) return status >= 400 ? 'refused' : 'ok';
  return code >= 300 && code <= 399 ? 'session' : 'refused';
}

/** The envelope's code, read from the start of a JSON reply without parsing it (`{"code":999,…`). */
const ENVELOPE = /^\{"code":(\d{3}),/;

/**
 * Records every request by its route pattern (`/apis/course/api/course/view`, `/media/*`, the pages' `/*`; a path no
 * route matched is `unmatched`), so a scraper sees a bounded set of series whatever URLs are asked. A page's
 * in-process API calls count as requests of their own. Installed before compression, so it reads the envelope
 * before it is compressed.
 */
export function recordRequests(app: FastifyInstance, metrics: Metrics): void {
  const started = new WeakMap<FastifyRequest, bigint>();
  const codes = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (req) => {
    started.set(req, process.hrtime.bigint());
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload === 'string' && payload.startsWith('{"code":')) {
      const code = ENVELOPE.exec(payload.slice(0, 16))?.[1];
      if (code) codes.set(req, Number(code));
    }
    return payload;
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requests.inc({
      method: req.method,
      route,
      status: String(status),
      outcome: outcomeOf(status, codes.get(req)),
    });
    const t0 = started.get(req);
    if (t0 !== undefined) {
      metrics.latency.observe({ method: req.method, route }, Number(process.hrtime.bigint() - t0) / 1e9);
    }
  });
}

const sameToken = (given: string, want: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(want).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * `/metrics` on the main port answers only a bearer of `token`; without a token configured it is 404 there, as if
 * it did not exist (a scraper then uses the metrics port). Never compressed twice: prom-client's text is plain.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', async (req, reply) => {
    if (!token) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (!given || !sameToken(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized');
    }
    const { contentType, body } = await metrics.text();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/**
 * A second listener that serves only /metrics, for a scraper inside the network (the port is kept off the public
 * one by the firewall or by `host`). Started with the app, closed with it.
 */
export function metricsPort(app: FastifyInstance, metrics: Metrics, port: number, host: string): void {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable');
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        app.log.info({ port: (server.address() as AddressInfo).port }, 'metrics listening');
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
