import { execFileSync } from 'node:child_process';
import { multipartBody } from '../../testing/multipart.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Limits } from '#contract/codes.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/people.ts';

const CHUNK = Limits.uploadChunkBytes;

let tinyMovie: Buffer | undefined;
/**
 * A one-second 64×64 MP4 made by ffmpeg, which ffprobe reads before an upload is accepted; without ffmpeg (no
 * probe then either) only an `ftyp` box.
 */
function tinyMp4(): Buffer {
  if (tinyMovie) return tinyMovie;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qk-tiny-')), 'tiny.mp4');
  try {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=5', '-t', '1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ]);
    tinyMovie = fs.readFileSync(file);
  } catch {
    tinyMovie = Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return tinyMovie;
}

/** A real short MP4 followed by noise up to `size`; `seed` makes each file different. */
export function fakeMp4(size: number, seed: number): Buffer {
  const b = crypto.createHash('sha256').update(`mp4:${seed}`).digest();
  const body = Buffer.alloc(size);
  for (let i = 0; i < size; i += b.length) b.copy(body, i);
  tinyMp4().copy(body, 0);
  return body;
}

/** A file as simple-uploader sees it: its MD5 and its chunks (full ones, the remainder joined to the last). */
export interface UploadFile {
  bytes: Buffer;
  name: string;
  identifier: string;
  totalChunks: number;
}
export function uploadFile(bytes: Buffer, name: string): UploadFile {
  return {
    bytes,
    name,
    identifier: crypto.createHash('md5').update(bytes).digest('hex'),
    totalChunks: Math.max(1, Math.floor(bytes.length / CHUNK)),
  };
}
export function chunkOf(f: UploadFile, n: number): Buffer {
  return f.bytes.subarray((n - 1) * CHUNK, n === f.totalChunks ? f.bytes.length : n * CHUNK);
}
type Fields = Record<string, string | number>;
function fields(f: UploadFile, n: number, size: number, over: Fields): Fields {
  return {
    chunkNumber: n,
    chunkSize: CHUNK,
    currentChunkSize: size,
    totalSize: f.bytes.length,
    identifier: f.identifier,
    filename: f.name,
    totalChunks: f.totalChunks,
    ...over,
  };
}

/** The test request of the protocol (GET with the fields in the query); `over` replaces fields the page sends. */
export async function testChunks(t: TestApp, u: TestUser, f: UploadFile, over: Fields = {}) {
  const qs = new URLSearchParams(
    Object.entries(fields(f, 1, chunkOf(f, 1).length, over)).map(([k, v]) => [k, String(v)]),
  );
  return (
    await t.raw({ method: 'GET', url: `/apis/vod/auth/videoInfo/upload?${qs}`, headers: { token: u.token } })
  ).json();
}

/** One chunk's multipart body as the page sends it: the protocol's fields, then `file`. */
export function chunkBody(
  f: UploadFile,
  n: number,
  bytes = chunkOf(f, n),
  over: Fields = {},
): { contentType: string; payload: Buffer } {
  return multipartBody(fields(f, n, bytes.length, over), { name: encodeURIComponent(f.name), bytes });
}

/** One chunk as a multipart POST; `bytes` may differ from the file's own (a corrupted or cut chunk). */
export async function sendChunk(
  t: TestApp,
  u: TestUser,
  f: UploadFile,
  n: number,
  bytes = chunkOf(f, n),
  over: Fields = {},
) {
  const { contentType, payload } = chunkBody(f, n, bytes, over);
  const res = await t.raw({
    method: 'POST',
    url: '/apis/vod/auth/videoInfo/upload',
    headers: { token: u.token, 'content-type': contentType },
    payload,
  });
  return res.json();
}
