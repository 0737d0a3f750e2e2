import type { FastifyInstance, FastifyReply } from 'fastify';
import type { VodPlayService } from './vod-play.service.ts';

const PLAYLIST = 'application/vnd.apple.mpegurl';

/** A refusal says nothing about why, and is never cached (a proxy must not keep a 403 for a later, valid token). */
const forbidden = (reply: FastifyReply) =>
  reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Forbidden');
const missing = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');

/**
 * The HLS files of a play token, under /apis/vod/api/hls/<token>/…: master.m3u8, <rendition>/index.m3u8,
 * <rendition>/seg_NNN.ts and key. Every request is checked against its token (signature, expiry, a playable
 * video); a bad or expired token gets a bare 403. Playlists and the key are never stored by a browser or proxy.
 */
export function vodMediaRoutes(http: FastifyInstance, play: VodPlayService): void {
  const hide = { schema: { hide: true } };

  http.get<{ Params: { token: string } }>('/vod/api/hls/:token/master.m3u8', hide, async (req, reply) => {
    const o = await play.open(req.params.token);
    if (!o.ok) return forbidden(reply);
    return reply
      .header('cache-control', 'private, no-store')
      .type(PLAYLIST)
      .send(await play.master(req.params.token, o.video));
  });

  http.get<{ Params: { token: string } }>('/vod/api/hls/:token/key', hide, async (req, reply) => {
    const o = await play.open(req.params.token);
    if (!o.ok) return forbidden(reply);
    return reply
      .header('cache-control', 'private, no-store')
      .type('application/octet-stream')
      .send(play.aesKey(o.video));
  });

  http.get<{ Params: { token: string; rendition: string } }>(
    '/vod/api/hls/:token/:rendition/index.m3u8',
    hide,
    async (req, reply) => {
      const o = await play.open(req.params.token);
      if (!o.ok) return forbidden(reply);
      const text = await play.variant(req.params.token, o.video, req.params.rendition);
      if (text === undefined) return missing(reply);
      return reply.header('cache-control', 'private, no-store').type(PLAYLIST).send(text);
    },
  );

  http.get<{ Params: { token: string; rendition: string; segment: string } }>(
    '/vod/api/hls/:token/:rendition/:segment',
    hide,
    async (req, reply) => {
      const o = await play.open(req.params.token);
      if (!o.ok) return forbidden(reply);
      const stream = await play.segment(o.video, req.params.rendition, req.params.segment);
      if (!stream) return missing(reply);
      // encrypted bytes, cached only by this viewer's browser and only under this token's URL
      const maxAge = Math.max(0, Math.min(3600, o.claims.exp - Math.floor(Date.now() / 1000)));
      return reply.header('cache-control', `private, max-age=${maxAge}`).type('video/mp2t').send(stream);
    },
  );
}
