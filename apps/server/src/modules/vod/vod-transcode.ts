import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../platform/storage.ts';
import type { VodRendition } from '../../db/schema/vod.ts';
import { encodeHls, grabPoster, probe, VideoRejected, type Tools } from './vod-ffmpeg.ts';
import { KEY_URI_PLACEHOLDER, readMaster, type Probe } from './vod-ladder.ts';
import { hlsPrefix, posterKey } from './vod-keys.ts';

export interface Transcoded {
  probe: Probe;
  renditions: VodRendition[];
  posterKey: string;
  aesKeyHex: string;
}

const REASON_MD5_MISMATCH = '文件校验失败（内容与文件标识不一致），请重新上传';

/**
 * One transcode: the source is copied from storage into a scratch folder, its MD5 checked on the way against the
 * one the video was recorded with (decision 25), then probed, encoded into an encrypted HLS ladder with a fresh
 * random key, and the playlists, segments and poster are written back to storage. The scratch folder is removed
 * whatever happens.
 */
export async function transcode(
  deps: { storage: Storage; tools: Tools; scratchDir: string },
  video: { siteId: bigint; id: bigint; sourceKey: string; sourceMd5: string | null },
): Promise<Transcoded> {
  const { storage, tools } = deps;
  await fs.promises.mkdir(deps.scratchDir, { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(deps.scratchDir, `vod-${video.id}-`));
  try {
    if (!(await storage.exists(video.sourceKey))) throw new VideoRejected('视频源文件不存在，请重新上传');
    const source = path.join(work, 'source');
    const hash = crypto.createHash('md5');
    await pipeline(
      storage.read(video.sourceKey),
      async function* (bytes: AsyncIterable<Buffer>) {
        for await (const buf of bytes) {
          hash.update(buf);
          yield buf;
        }
      },
      fs.createWriteStream(source),
    );
    if (video.sourceMd5 && hash.digest('hex') !== video.sourceMd5)
      throw new VideoRejected(REASON_MD5_MISMATCH, `source MD5 is not ${video.sourceMd5}`);
    const info = await probe(tools, source);

    const key = crypto.randomBytes(16);
    const keyFile = path.join(work, 'enc.key');
    const keyInfo = path.join(work, 'enc.keyinfo');
    await fs.promises.writeFile(keyFile, key, { mode: 0o600 });
    await fs.promises.writeFile(
      keyInfo,
      `${KEY_URI_PLACEHOLDER}\n${keyFile}\n${crypto.randomBytes(16).toString('hex')}\n`,
    );

    const out = path.join(work, 'hls');
    await fs.promises.mkdir(out);
    const rungs = await encodeHls(tools, source, out, info, keyInfo);
    const poster = path.join(work, 'poster.jpg');
    await grabPoster(tools, source, poster, info);

    const renditions = readMaster(await fs.promises.readFile(path.join(out, 'master.m3u8'), 'utf8'));
    if (renditions.length !== rungs.length)
      throw new Error(`master playlist lists ${renditions.length} of ${rungs.length} renditions`);
    const prefix = hlsPrefix(video.siteId, video.id);
    for (const file of await fs.promises.readdir(out, { recursive: true })) {
      const full = path.join(out, file);
      if (!(await fs.promises.stat(full)).isFile()) continue;
      await storage.put(`${prefix}${file.split(path.sep).join('/')}`, fs.createReadStream(full));
    }
    const poster_ = posterKey(video.siteId, video.id);
    await storage.put(poster_, fs.createReadStream(poster));
    return { probe: info, renditions, posterKey: poster_, aesKeyHex: key.toString('hex') };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * Removes scratch folders a killed process left behind (a transcode cut short by a forced stop). Only old ones:
 * another worker on this machine may be using a fresh one.
 */
export async function sweepScratch(scratchDir: string, olderThanMs: number): Promise<number> {
  const entries = await fs.promises.readdir(scratchDir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const e of entries) {
    if (!e.isDirectory() || !e.name.startsWith('vod-')) continue;
    const full = path.join(scratchDir, e.name);
    const { mtimeMs } = await fs.promises.stat(full);
    if (Date.now() - mtimeMs < olderThanMs) continue;
    await fs.promises.rm(full, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
