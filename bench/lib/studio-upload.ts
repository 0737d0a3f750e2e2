import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { rssMb } from './server.ts';

/** simple-uploader's layout as the studio page configures it (spec §9). */
export const CHUNK_BYTES = 2_048_000;
/** simple-uploader's default simultaneousUploads. */
export const SIMULTANEOUS = 3;
const RETRIES = 3;

/** A file whose bytes begin like an MP4 (the server sniffs the first chunk) and are random after it. */
export async function makeVideoLikeFile(file: string, bytes: number): Promise<void> {
  const block = crypto.randomBytes(16 * 1024 * 1024);
  Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(block, 0);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < bytes;) {
    const n = Math.min(block.length, bytes - written);
    // each block differs a little, so no two chunks are equal
    block.writeUInt32BE(written / block.length, 64);
    if (!out.write(block.subarray(0, n))) await new Promise<void>((r) => out.once('drain', () => r()));
    written += n;
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/** The identifier the page computes before uploading (MD5 of the whole file). */
export async function md5Of(file: string): Promise<string> {
  const hash = crypto.createHash('md5');
  await pipeline(fs.createReadStream(file, { highWaterMark: 10_240_000 }), hash);
  return hash.digest('hex');
}

/** `dd` copying the file with the chunk size as block size; MB/s (10^6 bytes). */
export function ddMbps(from: string, to: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('dd', [`if=${from}`, `of=${to}`, `bs=${CHUNK_BYTES}`], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  fs.rmSync(to, { force: true });
  if (r.status !== 0) throw new Error(`dd failed: ${r.stderr}`);
  return fs.statSync(from).size / 1e6 / (ms / 1000);
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  return cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * CPU seconds used so far by every process of this machine named `name` (PostgreSQL's server and its backends: the
 * server's pool keeps its connections, so the backends that serve the upload live through it).
 */
export function cpuOfProcessesNamed(name: string): number {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes(`(${name})`)) sum += cpuOfStat(stat);
    } catch {
      // a process that ended meanwhile
    }
  }
  return sum;
}

/** User + system CPU seconds of a /proc stat line (a process's or a thread's). */
function cpuOfStat(stat: string): number {
  const fields = stat.replace(/^.*\) /, '').split(' ');
  // after the command: state is field 3, utime 14 and stime 15 (1-based), in clock ticks of 1/100 s
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds a process's threads have used so far, grouped as the main thread, V8's helper threads (the garbage
 * collector's concurrent work and background compiling) and libuv's pool (file writes); from /proc/<pid>/task.
 */
export function threadCpuSeconds(pid: number): { main: number; v8: number; libuv: number } {
  const out = { main: 0, v8: 0, libuv: 0 };
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended meanwhile
    }
    const s = cpuOfStat(stat);
    if (tid === String(pid)) out.main += s;
    else if (stat.includes('(V8Worker')) out.v8 += s;
    else if (stat.includes('(libuv-worker')) out.libuv += s;
  }
  return out;
}

/** Samples a process's RSS (VmRSS) every 100 ms until stopped; peak and last in MB. */
export function sampleRss(pid: number) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== undefined && now > peak) peak = now;
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { peak: Math.max(peak, rssMb(pid) ?? 0), last: rssMb(pid) ?? 0 };
    },
  };
}

export interface UploadResult {
  bytes: number;
  ms: number;
  /** the request that completed the file: its chunk and the assembly */
  lastMs: number;
  videoId: string;
  retries: number;
}

interface Envelope {
  code: number;
  msg: string;
  data: { skipUpload: boolean; uploaded: number[]; video: { id: string } | null } | null;
}

/**
 * Uploads a file as the studio page does with simple-uploader: one test request, then multipart chunk POSTs,
 * `SIMULTANEOUS` at a time, each retried up to 3 times. The clock runs from the test to the answer naming the video.
 */
export async function uploadChunked(
  baseUrl: string,
  token: string,
  file: string,
  identifier: string,
): Promise<UploadResult> {
  const size = fs.statSync(file).size;
  const totalChunks = Math.max(1, Math.floor(size / CHUNK_BYTES));
  const filename = `bench-${identifier.slice(0, 8)}.mp4`;
  const fieldsOf = (n: number, current: number) => ({
    chunkNumber: n,
    chunkSize: CHUNK_BYTES,
    currentChunkSize: current,
    totalSize: size,
    identifier,
    filename,
    relativePath: filename,
    totalChunks,
  });
  const sizeOf = (n: number) => (n === totalChunks ? size - (totalChunks - 1) * CHUNK_BYTES : CHUNK_BYTES);
  const t0 = performance.now();
  const qs = new URLSearchParams(Object.entries(fieldsOf(1, sizeOf(1))).map(([k, v]) => [k, String(v)]));
  const test = (await (
    await fetch(`${baseUrl}/apis/vod/auth/videoInfo/upload?${qs}`, { headers: { token } })
  ).json()) as Envelope;
  if (test.code !== 200 || !test.data) throw new Error(`upload test refused: ${test.msg}`);
  const have = new Set(test.data.uploaded);
  const queue = Array.from({ length: totalChunks }, (_, i) => i + 1).filter((n) => !have.has(n));
  const fh = await fs.promises.open(file, 'r');
  let videoId = test.data.video?.id ?? '';
  let retries = 0;
  let lastMs = 0;
  const boundary = `----qkbench${crypto.randomBytes(8).toString('hex')}`;

  // a browser keeps its connections alive and hands the body to native code; node's fetch would cost the client more
  // CPU per MB than the server under test, on the same two cores
  const agent = new http.Agent({ keepAlive: true, maxSockets: SIMULTANEOUS });
  const post = (body: Buffer) =>
    new Promise<Envelope>((resolve, reject) => {
      const req = http.request(`${baseUrl}/apis/vod/auth/videoInfo/upload`, {
        method: 'POST',
        agent,
        headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      });
      // the body buffer is reused for the next chunk: settle only once it is all written and the answer is in
      let sent = false;
      let answer: Envelope | undefined;
      const settle = () => sent && answer && resolve(answer);
      req.on('error', reject);
      req.on('finish', () => ((sent = true), settle()));
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('error', reject);
        res.on('end', () => {
          try {
            answer = JSON.parse(Buffer.concat(parts).toString('utf8')) as Envelope;
            settle();
          } catch (err) {
            reject(err as Error);
          }
        });
      });
      req.end(body);
    });

  /** One request body per worker, reused: the bytes of a chunk are read from the file into it, as a browser slices the File. */
  async function send(n: number, body: Buffer): Promise<Envelope> {
    const len = sizeOf(n);
    // the chunk's CRC-32 goes before the bytes, as the page sends it: written into its place once the bytes are read
    const head = Object.entries({ ...fieldsOf(n, len), chunkCrc32: '00000000' })
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const pre = Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const crcAt = pre.indexOf('name="chunkCrc32"\r\n\r\n') + 'name="chunkCrc32"\r\n\r\n'.length;
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = pre.length + len + tail.length;
    if (body.length < total) body = Buffer.allocUnsafe(total);
    pre.copy(body, 0);
    await fh.read(body, pre.length, len, (n - 1) * CHUNK_BYTES);
    body.write(
      zlib
        .crc32(body.subarray(pre.length, pre.length + len))
        .toString(16)
        .padStart(8, '0'),
      crcAt,
      'latin1',
    );
    tail.copy(body, pre.length + len);
    return post(body.subarray(0, total));
  }

  async function worker(): Promise<void> {
    const body = Buffer.allocUnsafe(2 * CHUNK_BYTES + 4096);
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      for (let attempt = 0; ; attempt++) {
        try {
          const started = performance.now();
          const r = await send(n, body);
          if (r.code !== 200) throw new Error(`chunk ${n}: ${r.msg}`);
          if (r.data?.video) {
            videoId = r.data.video.id;
            lastMs = performance.now() - started;
          }
          break;
        } catch (err) {
          if (attempt >= RETRIES) throw err;
          retries++;
        }
      }
    }
  }

  try {
    if (!videoId) await Promise.all(Array.from({ length: SIMULTANEOUS }, worker));
  } finally {
    agent.destroy();
    await fh.close();
  }
  if (!videoId) throw new Error('the upload finished without a video');
  return { bytes: size, ms: performance.now() - t0, lastMs, videoId, retries };
}
