import crypto from 'node:crypto';
import type { TestApp } from '../../testing/test-app.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { newId } from '../../platform/ids.ts';

/** A video of a lecturer's library that has finished transcoding (the playback tests transcode real ones). */
export async function readyVideo(t: TestApp, userId: string, videoName: string): Promise<bigint> {
  const id = newId();
  await t.platform.db.insert(vodVideo).values({
    id,
    siteId: t.siteId,
    userId: BigInt(userId),
    videoName,
    sourceKey: `vod/${id}/source.mp4`,
    status: 3,
    durationSec: 90,
    width: 640,
    height: 360,
    renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 800_000 }],
    aesKey: crypto.randomBytes(16).toString('hex'),
  });
  return id;
}

/** Every key anywhere in a reply, to prove what it does not carry. */
export function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  }
  return out;
}
