import type { FastifyInstance } from 'fastify';
import { contentTypeOf } from '../content-type.ts';
import { isPublicMediaPath, type StoredFile } from '../storage.ts';

/**
 * /media/* read from object storage, for public files when no public address of the bucket is configured, and for
 * the `/media/…` URLs stored before a switch from the local folder (their keys did not change). The private areas
 * answer 404 exactly as a missing file does.
 */
export function serveMediaFromStore(
  app: FastifyInstance,
  storage: { open(key: string): Promise<StoredFile | undefined> },
): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    // the router has already decoded the path
    const key = req.params['*'];
    const file = key && isPublicMediaPath(key) && !key.split('/').includes('..') ? await storage.open(key) : undefined;
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
    return reply
      .type(file.contentType ?? contentTypeOf(key))
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=604800, immutable')
      .send(file.body);
  });
}
