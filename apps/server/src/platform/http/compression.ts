import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { utf8Bytes } from './utf8.ts';

/** Below this a reply gains less than the header and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;

const TEXT =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|vnd\.apple\.mpegurl|x-mpegurl)|image\/svg\+xml)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** The best encoding the request accepts, by the header's q-values; none when it names neither. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const of = (name: Encoding) => q.get(name) ?? (q.has('*') ? q.get('*')! : 0);
  const best = (['br', 'gzip'] as const).filter((e) => of(e) > 0).sort((a, b) => of(b) - of(a))[0];
  return best;
}

function appendVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((v) => v.trim());
  if (!list.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) {
    reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
  }
}

/**
 * Compresses every text reply held in memory (pages, the route manifest, API replies, playlists) with brotli at
 * quality 4 (about gzip 6's cost, smaller) or gzip, off the event loop. A root onSend hook, so the page renderer,
 * which is the not-found handler of its plugin, is covered as every route is. Streams pass untouched: the
 * hashed assets are served pre-compressed, and media files are pictures and video.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!TEXT.test(type)) return payload;
    appendVary(reply);
    // the text is made bytes once, here: Fastify's Content-Length and the socket's write then read them, where a
    // string is measured twice and encoded a third time (a page's 40 KB of Chinese: about 0.15 ms)
    const bytes = typeof payload === 'string' ? utf8Bytes(payload) : payload;
    if (bytes.length < MIN_COMPRESSED_BYTES || req.method === 'HEAD' || reply.statusCode === 204) return bytes;
    if (reply.hasHeader('content-encoding') || /no-transform/i.test(String(reply.getHeader('cache-control') ?? ''))) {
      return bytes;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return bytes;
    const body =
      encoding === 'br'
        ? await brotli(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          })
        : await gzip(bytes, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
