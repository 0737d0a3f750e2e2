import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { VIDEO_SIZE_MESSAGE } from '#contract/upload.ts';
import type { TVodVideo } from '#contract/vod.ts';
import { fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Storage } from '../../platform/storage.ts';
import { extOf, titleOf } from './upload-file.ts';
import { NOT_A_VIDEO, looksLikeVideo } from './upload-sniff.ts';
import { sourceKeyFor } from './vod-keys.ts';
import type { VodService } from './vod.service.ts';

/**
 * The file of a single-request upload, streamed into the video's source while its MD5 is taken and its first bytes
 * sniffed; an empty, oversize or non-video file is removed again. A file the lecturer already has gives that video.
 */
export async function storeWholeVideo(
  storage: Storage,
  vod: VodService,
  siteId: bigint,
  userId: bigint,
  part: MultipartFile,
): Promise<TVodVideo> {
  const videoId = newId();
  const sourceKey = sourceKeyFor(siteId, `${videoId}.${extOf(part.filename)}`);
  const hash = crypto.createHash('md5');
  let size = 0;
  let head: Buffer | undefined;
  let notVideo = false;
  const source = part.file;
  // hashed and sniffed as it streams: nothing is read before storage starts consuming it
  const checked = Readable.from(
    (async function* () {
      for await (const buf of source as AsyncIterable<Buffer>) {
        if (!head) {
          head = buf.subarray(0, 512);
          if (!looksLikeVideo(head)) {
            notVideo = true;
            throw new Error('not a video');
          }
        }
        hash.update(buf);
        size += buf.length;
        yield buf;
      }
    })(),
  );
  try {
    await storage.put(sourceKey, checked);
  } catch (err) {
    await storage.remove(sourceKey);
    part.file.resume();
    if (notVideo) throw fail(NOT_A_VIDEO);
    throw err;
  }
  if (part.file.truncated) {
    await storage.remove(sourceKey);
    throw fail(VIDEO_SIZE_MESSAGE);
  }
  if (size === 0 || !head) {
    await storage.remove(sourceKey);
    throw fail('文件为空，请检查文件');
  }
  const md5 = hash.digest('hex');
  const earlier = await vod.sameFile(siteId, userId, md5);
  if (earlier) {
    await storage.remove(sourceKey);
    return earlier;
  }
  await vod.mustPlay(sourceKey);
  return vod.createFromStorageKey(
    siteId,
    userId,
    { videoName: titleOf(part.filename), sourceKey, sizeBytes: size, md5 },
    videoId,
  );
}
