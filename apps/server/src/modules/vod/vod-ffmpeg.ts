import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ladderFor, readProbe, scaleFor, type Probe, type Rung } from './vod-ladder.ts';

/** A video we will never be able to transcode, whatever we retry; `reason` is shown to the lecturer. */
export class VideoRejected extends Error {
  readonly reason: string;
  constructor(reason: string, detail = reason) {
    super(detail);
    this.reason = reason;
  }
}

export const REASON_UNREADABLE = '视频文件无法读取，请检查文件';
export const REASON_NO_FFMPEG = '服务器未安装视频转码程序 ffmpeg，请联系网站管理员';

/** A transcoder that cannot be started: the video is fine, so the job retries (the operator may install it). */
export class ToolMissing extends Error {
  readonly reason = REASON_NO_FFMPEG;
}

export interface Tools {
  ffmpegPath: string;
  ffprobePath: string;
}

/** Runs a tool to its end; rejects with the tail of its stderr, or ToolMissing when the tool is not installed. */
function run(cmd: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => {
      err = (err + b.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' || e.code === 'EACCES' ? new ToolMissing(`${cmd}: ${e.message}`) : e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new Error(`${cmd} ${signal ? `killed by ${signal}` : `exited with ${code}`}: ${err.trim()}`));
    });
  });
}

export async function probe(tools: Tools, file: string): Promise<Probe> {
  let json: string;
  try {
    json = await run(tools.ffprobePath, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], 60_000);
  } catch (e) {
    if (e instanceof ToolMissing) throw e;
    throw new VideoRejected(REASON_UNREADABLE, (e as Error).message);
  }
  let parsed: Probe | undefined;
  try {
    parsed = readProbe(JSON.parse(json));
  } catch {
    parsed = undefined;
  }
  if (!parsed) throw new VideoRejected(REASON_UNREADABLE, 'no video stream with a duration');
  return parsed;
}

/** Seconds of ffmpeg time allowed per second of video before a stuck encode is killed (and retried). */
const ENCODE_BUDGET_PER_SEC = 8;
export const SEGMENT_SEC = 6;

/**
 * Encodes every rung in one ffmpeg run (one decode of the source), into `outDir/<rung>/index.m3u8` and
 * `seg_NNN.ts`, plus `outDir/master.m3u8`. Key frames every 2 s at fixed times keep the rungs' segments aligned,
 * so a player can switch rungs at any segment boundary.
 */
export async function encodeHls(
  tools: Tools,
  input: string,
  outDir: string,
  source: Probe,
  keyInfoFile: string,
): Promise<Rung[]> {
  const rungs = ladderFor(source);
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]${scaleFor(source, r)},format=yuv420p[v${i}]`);
  const args = ['-v', 'error', '-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (source.hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 1.5}k`,
    );
    if (source.hasAudio) args.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
  );
  if (source.hasAudio) args.push('-c:a', 'aac', '-ac', '2', '-ar', '44100');
  const streamMap = rungs
    .map((r, i) => (source.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`))
    .join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SEC),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_key_info_file',
    keyInfoFile,
    '-hls_segment_filename',
    `${outDir}/%v/seg_%03d.ts`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    `${outDir}/%v/index.m3u8`,
  );
  await run(tools.ffmpegPath, args, Math.max(10 * 60_000, source.durationSec * ENCODE_BUDGET_PER_SEC * 1000));
  return rungs;
}

/** A poster frame a little way in (past a black first frame), at most 720 on the short side. */
export async function grabPoster(tools: Tools, input: string, outFile: string, source: Probe): Promise<void> {
  const at = Math.min(3, source.durationSec / 3).toFixed(2);
  const short = Math.min(720, Math.min(source.width, source.height));
  const scale = source.width >= source.height ? `scale=-2:${short - (short % 2)}` : `scale=${short - (short % 2)}:-2`;
  await run(
    tools.ffmpegPath,
    ['-v', 'error', '-y', '-ss', at, '-i', input, '-frames:v', '1', '-vf', scale, '-q:v', '3', outFile],
    120_000,
  );
}

/** Whether ffmpeg can be started at all (the demo seed asks before generating clips). */
export async function ffmpegAvailable(tools: Pick<Tools, 'ffmpegPath'>): Promise<boolean> {
  return run(tools.ffmpegPath, ['-version'], 10_000).then(
    () => true,
    () => false,
  );
}

export interface ClipSpec {
  /** A lavfi test source: testsrc2, smptebars, mandelbrot… */
  pattern: string;
  seconds: number;
  width: number;
  height: number;
  toneHz: number;
  /** A caption drawn over the picture, when a font file is given (drawtext needs one). */
  title?: { text: string; fontFile: string };
}

/** Generates a short H.264/AAC MP4 from a test pattern and a sine tone. */
export async function generateClip(tools: Pick<Tools, 'ffmpegPath'>, file: string, c: ClipSpec): Promise<void> {
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${c.pattern}=size=${c.width}x${c.height}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${c.toneHz}:sample_rate=44100`,
  ];
  let textFile: string | undefined;
  if (c.title) {
    // the caption goes through a file, so no character of it needs escaping in the filter graph
    textFile = `${file}.title.txt`;
    await fs.promises.writeFile(textFile, c.title.text);
    const size = Math.round(c.height / 9);
    args.push(
      '-vf',
      `drawtext=fontfile=${c.title.fontFile}:textfile=${textFile}:fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=${Math.round(size / 3)}:x=(w-text_w)/2:y=h-text_h-${size}`,
    );
  }
  args.push(
    '-t',
    String(c.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    file,
  );
  try {
    await run(tools.ffmpegPath, args, 120_000);
  } finally {
    if (textFile) await fs.promises.rm(textFile, { force: true });
  }
}
