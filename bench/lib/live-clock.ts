import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A clock burned into the frames as 48 black or white blocks (8 × 6 blocks of 40 × 40 pixels in a 320 × 240 gray
 * frame): 44 bits of the sender's wall clock in ms, then 4 bits of check. Blocks that size survive x264 at any
 * setting and read back exactly, where a drawn text clock would need OCR.
 */
export const CLOCK_FRAME = { width: 320, height: 240, block: 40, fps: 15 };
const COLS = CLOCK_FRAME.width / CLOCK_FRAME.block;
const ROWS = CLOCK_FRAME.height / CLOCK_FRAME.block;
const TIME_BITS = 44;

const check = (ms: number) => {
  let ones = 0;
  for (let i = 0; i < TIME_BITS; i++) ones += Math.floor(ms / 2 ** i) % 2;
  return ones % 16;
};

function bitsOf(ms: number): number[] {
  const bits: number[] = [];
  for (let i = 0; i < TIME_BITS; i++) bits.push(Math.floor(ms / 2 ** i) % 2);
  const c = check(ms);
  for (let i = 0; i < COLS * ROWS - TIME_BITS; i++) bits.push((c >> i) & 1);
  return bits;
}

/** One gray frame showing `ms`. */
export function clockFrame(ms: number): Buffer {
  const { width, block } = CLOCK_FRAME;
  const frame = Buffer.alloc(width * CLOCK_FRAME.height);
  bitsOf(ms).forEach((bit, i) => {
    if (!bit) return;
    const x0 = (i % COLS) * block;
    const y0 = Math.floor(i / COLS) * block;
    for (let y = y0; y < y0 + block; y++) frame.fill(255, y * width + x0, y * width + x0 + block);
  });
  return frame;
}

/**
 * The time a frame shows, read from its pixels (`stride` bytes a row, one byte or `step` bytes a pixel, the first
 * being the brightness); undefined when the check does not match (a frame mid-change or not ours).
 */
export function readClock(pixels: Uint8Array | Buffer, stride = CLOCK_FRAME.width, step = 1): number | undefined {
  const { block } = CLOCK_FRAME;
  const bits: number[] = [];
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = (i % COLS) * block + block / 4;
    const y0 = Math.floor(i / COLS) * block + block / 4;
    let sum = 0;
    for (let y = y0; y < y0 + block / 2; y++)
      for (let x = x0; x < x0 + block / 2; x++) sum += pixels[y * stride + x * step]!;
    bits.push(sum / (block / 2) ** 2 > 128 ? 1 : 0);
  }
  let ms = 0;
  for (let i = 0; i < TIME_BITS; i++) ms += bits[i]! * 2 ** i;
  let c = 0;
  for (let i = TIME_BITS; i < bits.length; i++) c |= bits[i]! << (i - TIME_BITS);
  return c === check(ms) && ms > 0 ? ms : undefined;
}

/**
 * An encoder pushing the clock over RTMP as OBS would (x264, 1-second GOP, no B-frames, AAC tone beside it): the
 * frames are made here at 15 fps on the wall clock and piped raw into ffmpeg. Stop it with `stop()`.
 */
export function pushClock(url: string, ffmpegPath = 'ffmpeg'): { child: ChildProcess; stop: () => void } {
  const { width, height, fps } = CLOCK_FRAME;
  const child = spawn(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0'],
      ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-g', String(fps), '-bf', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  child.stdin!.on('error', () => undefined);
  const t0 = Date.now();
  let n = 0;
  let timer: NodeJS.Timeout | undefined;
  // each frame is due at t0 + n / fps: a late timer sends the frames it owes, so the stream keeps the wall clock
  const tick = () => {
    while (t0 + (n * 1000) / fps <= Date.now()) {
      child.stdin!.write(clockFrame(Date.now()));
      n++;
    }
    timer = setTimeout(tick, Math.max(1, t0 + (n * 1000) / fps - Date.now()));
  };
  tick();
  return {
    child,
    stop: () => {
      clearTimeout(timer);
      child.stdin!.end();
      child.kill('SIGINT');
    },
  };
}

/** The first video frame of an MPEG-TS segment as raw gray pixels (ffmpeg decodes it). */
export function firstFrame(segment: Buffer, ffmpegPath = 'ffmpeg'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0', '-map', '0:v:0'],
        ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    let err = '';
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    child.stdin!.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ${code}: ${err.trim()}`)),
    );
    child.stdin!.end(segment);
  });
}
