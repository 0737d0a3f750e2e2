import type { FastifyInstance, FastifyReply } from 'fastify';
import websocket from '@fastify/websocket';
import { LiveStatus } from '#contract/live.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { LiveService } from './live.service.ts';
import type { LiveBroadcastService } from './live-broadcast.service.ts';
import type { ChatHub, LiveSocket } from './live-chat.ts';
import { LIVE_PLAYLIST, LIVE_SEGMENT, liveHlsPrefix } from './live-pipeline.ts';
import { verifyLiveToken } from './live-token.ts';
import { LiveHlsCache } from './live-hls-cache.ts';

const forbidden = (reply: FastifyReply) =>
  reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Forbidden');
const missing = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');

/** A browser broadcast's chunk may be large (a second of 720p); anything bigger is not a chunk of ours. */
const MAX_PUSH_MESSAGE = 8 * 1024 * 1024;

/**
 * The media side of live sessions, under /apis/live/api/: the HLS playlist and segments of the broadcast on air
 * (a play token in the path, as recorded lessons have), the chat room's WebSocket (a chat token), and the
 * browser broadcast's WebSocket (the lecturer's push token).
 */
export function liveMediaRoutes(
  http: FastifyInstance,
  live: LiveService,
  broadcasts: LiveBroadcastService,
  chat: ChatHub,
) {
  const hide = { schema: { hide: true } };
  const cache = new LiveHlsCache(live.p.storage);

  /** the session of a genuine play token, while it is on air (its row is read once a second for all viewers) */
  const onAir = async (token: string) => {
    const claims = verifyLiveToken(await live.signingKey(), token, 'play');
    if (!claims) return undefined;
    const s = await cache.session(`${claims.siteId}:${claims.sessionId}`, () =>
      live.repo.sessionById(claims.siteId, claims.sessionId),
    );
    if (!s || !s.streamName || s.liveStatus === LiveStatus.WAITING) return undefined;
    return s;
  };

  http.get<{ Params: { token: string; file: string } }>('/live/api/hls/:token/:file', hide, async (req, reply) => {
    const s = await onAir(req.params.token);
    if (!s) return forbidden(reply);
    const name = req.params.file;
    const isPlaylist = name === LIVE_PLAYLIST;
    if (!isPlaylist && !LIVE_SEGMENT.test(name)) return missing(reply);
    const bytes = await cache.file(`${liveHlsPrefix(s.siteId, s.id, s.streamName)}${name}`, isPlaylist);
    if (!bytes) return missing(reply);
    return reply
      .header('cache-control', isPlaylist ? 'private, no-store' : 'private, max-age=60')
      .type(isPlaylist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
      .send(bytes);
  });

  void http.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_PUSH_MESSAGE } });

    scope.get<{ Params: { token: string } }>('/live/api/chat/:token', { websocket: true, ...hide }, (ws, req) => {
      const socket = ws as unknown as LiveSocket;
      void (async () => {
        const claims = verifyLiveToken(await live.signingKey(), req.params.token, 'chat');
        if (!claims) return socket.close(4403, 'forbidden');
        await chat.join(claims, socket);
      })().catch((err: unknown) => closeWith(socket, err));
    });

    scope.get<{ Params: { token: string } }>('/live/api/push/:token', { websocket: true, ...hide }, (ws, req) => {
      const socket = ws as unknown as LiveSocket;
      const early: Buffer[] = [];
      const hold = (b: Buffer) => early.push(b);
      socket.on('message', hold);
      void (async () => {
        const claims = verifyLiveToken(await live.signingKey(), req.params.token, 'push');
        if (!claims || claims.lecturer !== 1) return socket.close(4403, 'forbidden');
        const push = await broadcasts.acceptBrowser(claims.siteId, claims.sessionId, claims.userId, () =>
          socket.close(1000, 'stopped'),
        );
        socket.off('message', hold);
        for (const b of early) push.write(b);
        socket.on('message', (b: Buffer) => push.write(b));
        socket.on('close', () => void push.end());
        if (socket.readyState !== socket.OPEN) await push.end();
        else socket.send(JSON.stringify({ type: 'onAir' }));
      })().catch((err: unknown) => closeWith(socket, err));
    });
  });
}

/** A refusal the page can show (its Chinese message as the close reason, within the 123 bytes allowed). */
function closeWith(socket: LiveSocket, err: unknown): void {
  const msg = err instanceof AppError ? err.message : '连接失败，请刷新后重试';
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'error', msg }));
  socket.close(4400, 'refused');
}
