import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { encodeHls, probe, type Tools } from '../../apps/server/src/modules/vod/vod-ffmpeg.ts';
import { KEY_URI_PLACEHOLDER } from '../../apps/server/src/modules/vod/vod-ladder.ts';

/**
 * The same ladder the transcode job encodes (vod-ffmpeg.ts encodeHls: one ffmpeg run, every rung, AES-128),
 * run bare on the clip: no storage, no probe, no poster, no database. Milliseconds.
 */
export async function bareLadderMs(
  tools: Tools,
  clip: string,
  workDir: string,
): Promise<{ ms: number; rungs: string[] }> {
  const info = await probe(tools, clip);
  const out = path.join(workDir, 'bare-hls');
  fs.mkdirSync(out, { recursive: true });
  const keyFile = path.join(workDir, 'bare.key');
  const keyInfo = path.join(workDir, 'bare.keyinfo');
  fs.writeFileSync(keyFile, crypto.randomBytes(16));
  fs.writeFileSync(keyInfo, `${KEY_URI_PLACEHOLDER}\n${keyFile}\n${crypto.randomBytes(16).toString('hex')}\n`);
  const t0 = performance.now();
  const rungs = await encodeHls(tools, clip, out, info, keyInfo);
  const ms = performance.now() - t0;
  fs.rmSync(out, { recursive: true, force: true });
  return { ms, rungs: rungs.map((r) => r.name) };
}

interface VideoState {
  id: string;
  status: number;
  statusName: string;
  failReason: string;
}

/**
 * Follows a video through the server's transcode job by polling the lecturer's video list every 50 ms:
 * from the moment the job is seen transcoding (status 2) to ready (3), and from the upload's end to ready.
 */
export async function followJob(
  baseUrl: string,
  token: string,
  videoId: string,
  uploadedAt: number,
  timeoutMs = 15 * 60_000,
) {
  let startedAt: number | undefined;
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const res = await fetch(`${baseUrl}/apis/course/auth/course/video/list`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 100 }),
    });
    const json = (await res.json()) as { data: { list: VideoState[] } };
    const v = json.data.list.find((x) => x.id === videoId);
    const now = performance.now();
    if (v?.status === 2 && startedAt === undefined) startedAt = now;
    if (v?.status === 3)
      return {
        jobMs: now - (startedAt ?? uploadedAt),
        sinceUploadMs: now - uploadedAt,
        sawStart: startedAt !== undefined,
      };
    if (v?.status === 4) throw new Error(`transcode failed: ${v.failReason}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`video ${videoId} not ready after ${timeoutMs / 1000} s`);
}
