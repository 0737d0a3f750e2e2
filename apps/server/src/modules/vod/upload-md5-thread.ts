/**
 * The thread that hashes uploads (started by upload-md5.ts): it reads byte ranges of an upload's file into one
 * reused buffer and feeds them to that upload's MD5. Only node: imports, as it is loaded on its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

export type HashRequest =
  | { seq: number; op: 'update'; token: number; file: string; start: number; end: number }
  | { seq: number; op: 'digest'; token: number }
  | { seq: number; op: 'forget'; token: number };
export type HashReply = { seq: number; bytes?: number; md5?: string; error?: string };

const hashes = new Map<number, crypto.Hash>();
const buf = Buffer.allocUnsafe(1024 * 1024);

/** Hashes the bytes `start`..`end` (exclusive) of the file; answers how many there were. */
function update(token: number, file: string, start: number, end: number): number {
  let hash = hashes.get(token);
  // a thread started again after a crash knows only hashes begun since
  if (!hash && start > 0) throw new Error('the MD5 of this upload was lost');
  if (!hash) hashes.set(token, (hash = crypto.createHash('md5')));
  const fd = fs.openSync(file, 'r');
  try {
    let at = start;
    for (let n = -1; at < end && n !== 0; at += n) {
      n = fs.readSync(fd, buf, 0, Math.min(buf.length, end - at), at);
      hash.update(buf.subarray(0, n));
    }
    return at - start;
  } finally {
    fs.closeSync(fd);
  }
}

parentPort?.on('message', (m: HashRequest) => {
  const reply: HashReply = { seq: m.seq };
  try {
    if (m.op === 'update') reply.bytes = update(m.token, m.file, m.start, m.end);
    else if (m.op === 'digest') {
      const hash = hashes.get(m.token);
      if (!hash) throw new Error('the MD5 of this upload was lost');
      reply.md5 = hash.digest('hex');
    }
    if (m.op !== 'update') hashes.delete(m.token);
  } catch (err) {
    hashes.delete(m.token);
    reply.error = err instanceof Error ? err.message : String(err);
  }
  parentPort!.postMessage(reply);
});
