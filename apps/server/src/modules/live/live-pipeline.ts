import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from '../../platform/storage.ts';

/** Where a broadcast's HLS files live in storage: under vod/, which only signed URLs reach. */
export const liveHlsPrefix = (siteId: bigint, sessionId: bigint, streamName: string) =>
  `vod/live/${siteId}/${sessionId}/${streamName}/`;
export const LIVE_PLAYLIST = 'index.m3u8';
export const LIVE_SEGMENT = /^seg_\d{5,9}\.ts$/;

export interface PipelineOptions {
  ffmpegPath: string;
  storage: Storage;
  /** storage prefix of the HLS files (liveHlsPrefix) */
  prefix: string;
  /** a folder of this process for the recording (and the HLS files when storage is not a local folder) */
  scratchDir: string;
  segmentSec: number;
  /** what is written to stdin: FLV from the RTMP ingest, or WebM from the browser (then encoded to H.264/AAC) */
  input: 'flv' | 'webm';
  onError: (err: Error) => void;
}

/**
 * One broadcast's ffmpeg: the stream written to `write` becomes a short-segment HLS playlist (a sliding window of
 * the last segments) and, beside it, the whole broadcast as one MPEG-TS file, the recording a replay is made of.
 * FLV from an encoder is H.264/AAC already and is only repackaged; WebM from a browser is encoded with settings
 * that favour delay over size.
 */
export class LivePipeline {
  readonly recordFile: string;
  private readonly child: ChildProcess;
  private readonly o: PipelineOptions;
  private readonly hlsDir: string;
  private readonly direct: boolean;
  private readonly copied = new Set<string>();
  private sync: NodeJS.Timeout | undefined;
  private readonly exited: Promise<void>;
  private stderr = '';

  constructor(o: PipelineOptions) {
    this.o = o;
    fs.mkdirSync(o.scratchDir, { recursive: true });
    this.recordFile = path.join(o.scratchDir, 'record.ts');
    const local = o.storage.localPath?.(`${o.prefix}${LIVE_PLAYLIST}`);
    this.direct = local !== undefined;
    this.hlsDir = local ? path.dirname(local) : path.join(o.scratchDir, 'hls');
    fs.mkdirSync(this.hlsDir, { recursive: true });
    const gop = String(o.segmentSec);
    const codec =
      o.input === 'flv'
        ? ['-c', 'copy']
        : [
            ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
            ...['-force_key_frames', `expr:gte(t,n_forced*${gop})`, '-c:a', 'aac', '-b:a', '96k', '-ar', '44100'],
          ];
    // only the picture and the sound: node-media-server's FLV carries its metadata as a data stream with no packets,
    // and a muxer given that stream waits for it up to max_interleave_delta (10 s) before writing anything, a
    // delay every viewer then keeps
    // (a browser's WebM has no such stream: all of it is mapped, as before)
    const media = o.input === 'flv' ? ['-map', '0:v:0?', '-map', '0:a:0?'] : ['-map', '0'];
    const args = [
      // FLV is read without buffering for the least delay; VP8 read that way loses its frames, so WebM is not
      ...['-hide_banner', '-loglevel', 'error', ...(o.input === 'flv' ? ['-fflags', 'nobuffer'] : [])],
      // ffmpeg probes 5 s of input before it writes anything, and on a live input that wait stays as delay for good
      ...['-probesize', '256000', '-analyzeduration', '1000000'],
      ...['-f', o.input === 'flv' ? 'flv' : 'matroska', '-i', 'pipe:0'],
      ...[...media, ...codec, '-f', 'hls', '-hls_time', gop, '-hls_list_size', '8'],
      ...['-hls_flags', 'delete_segments+independent_segments+temp_file', '-hls_delete_threshold', '4'],
      ...['-hls_segment_filename', path.join(this.hlsDir, 'seg_%05d.ts'), path.join(this.hlsDir, LIVE_PLAYLIST)],
      ...[...media, '-c', 'copy', '-f', 'mpegts', this.recordFile],
    ];
    // the recording copies the HLS output's streams; for WebM input it must be encoded too, so it reads them again
    if (o.input === 'webm') args.splice(args.length - 7, 7, ...media, ...codec, '-f', 'mpegts', this.recordFile);
    this.child = spawn(o.ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    this.child.stderr!.on('data', (b: Buffer) => {
      this.stderr = (this.stderr + b.toString()).slice(-2000);
    });
    this.child.stdin!.on('error', () => undefined); // ffmpeg gone: its exit reports why
    this.exited = new Promise((resolve) => {
      this.child.on('error', (err) => {
        o.onError(err);
        resolve();
      });
      this.child.on('close', (code) => {
        if (code !== 0 && code !== null) o.onError(new Error(`ffmpeg exited with ${code}: ${this.stderr.trim()}`));
        resolve();
      });
    });
    if (!this.direct) this.sync = setInterval(() => void this.copyOut(), 300);
  }

  write(chunk: Buffer): void {
    const stdin = this.child.stdin!;
    if (!stdin.destroyed) stdin.write(chunk);
  }

  /** Ends the input and waits for ffmpeg to finish the playlist (ENDLIST) and the recording. */
  async end(): Promise<void> {
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
    if (this.sync) clearInterval(this.sync);
    if (!this.direct) await this.copyOut();
  }

  /** When storage is not a local folder (S3): new segments go up first, then the playlist naming them. */
  private async copyOut(): Promise<void> {
    try {
      const names = await fs.promises.readdir(this.hlsDir);
      for (const name of names.filter((n) => LIVE_SEGMENT.test(n) && !this.copied.has(n)).sort()) {
        await this.o.storage.put(`${this.o.prefix}${name}`, await fs.promises.readFile(path.join(this.hlsDir, name)));
        this.copied.add(name);
      }
      if (names.includes(LIVE_PLAYLIST))
        await this.o.storage.put(
          `${this.o.prefix}${LIVE_PLAYLIST}`,
          await fs.promises.readFile(path.join(this.hlsDir, LIVE_PLAYLIST)),
        );
    } catch (err) {
      this.o.onError(err as Error);
    }
  }
}
