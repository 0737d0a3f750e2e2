/**
 * `npm run bench -- --only studio` (or BENCH_ONLY=studio): the lecturer studio's targets, on their own.
 * (a) a chunked upload over loopback through the real protocol, as fast as `dd` copying the same bytes (≥ 80 %),
 *     beside the ceiling of the same client against a bare server that only writes the bodies;
 * (b) the server's RSS grows by less than 100 MB while that 2 GB file uploads;
 * (c) a clip through the real transcode job takes ≤ 1.2× a bare ffmpeg run of the same ladder;
 * (d) the page's file identifier: its MD5 module (features/upload/hash-blob.ts) over the first 1,024 MB of the upload's
 *     file, in the spec's slices, beside the hand-written MD5 it used before hash-wasm (no target: MB/s reported).
 * Env: BENCH_UPLOAD_MB (2048), BENCH_CLIP_SECONDS (60; 0 skips the transcode), FFMPEG_PATH / FFPROBE_PATH.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateClip, ffmpegAvailable } from '../apps/server/src/modules/vod/vod-ffmpeg.ts';
import { createBenchDatabase, postgresVersion } from './lib/database.ts';
import { machineInfo } from './lib/report.ts';
import { rssMb, SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, startChild } from './lib/server.ts';
import {
  cpuOfProcessesNamed,
  cpuSeconds,
  threadCpuSeconds,
  ddMbps,
  makeVideoLikeFile,
  md5Of,
  sampleRss,
  SIMULTANEOUS,
  uploadChunked,
} from './lib/studio-upload.ts';
import { measureUploadMd5 } from './lib/studio-md5.ts';
import { bareLadderMs, followJob } from './lib/studio-transcode.ts';
import type { Cleanups } from './lib/bench-run.ts';

export const STUDIO_TARGETS = { uploadVsDd: 0.8, rssGrowthMb: 100, transcodeVsBare: 1.2 };

/**
 * Waits until the disk has taken everything written so far, so that a measured step does not share the cores with
 * the kernel writing back the bytes of the step before (the 2 GB file just made, or the last upload).
 */
const writeBack = () => spawnSync('sync');
const log = (msg: string) => console.error(`[bench studio] ${msg}`);

async function lecturerToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/apis/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000002', password: 'Demo1234', clientType: 2 }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (json.code !== 200) throw new Error(`demo lecturer login failed: ${json.msg}`);
  return json.data.token;
}

async function deleteVideo(baseUrl: string, token: string, id: string): Promise<void> {
  await fetch(`${baseUrl}/apis/course/auth/course/video/delete`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  });
}

export async function runStudioBench(adminUrl: string, cleanups: Cleanups): Promise<boolean> {
  const env = process.env;
  const uploadMb = Number(env.BENCH_UPLOAD_MB ?? 2048);
  const clipSeconds = Number(env.BENCH_CLIP_SECONDS ?? 60);
  const tools = { ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg', ffprobePath: env.FFPROBE_PATH ?? 'ffprobe' };
  const loadBefore = os.loadavg();

  const db = await createBenchDatabase(adminUrl);
  cleanups.push(() => db.drop());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-studio-'));
  cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const server = await startChild(
    [...SERVER_HEAP_FLAGS, path.resolve(import.meta.dirname, '../apps/server/src/main.ts')],
    {
      ...SERVER_MALLOC_ENV,
      DATABASE_URL: db.url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
      VOD_DEMO_VIDEOS: '0',
      DATA_DIR: dataDir,
      ROLE: 'worker',
      ...tools,
    },
    '/readyz',
    180_000,
  );
  cleanups.push(() => server.stop());
  const token = await lecturerToken(server.baseUrl);
  log(`server pid ${server.pid}, idle RSS ${rssMb(server.pid)?.toFixed(0)} MB`);
  const lines: string[] = [];
  let ok = true;

  // (c) first, while nothing else is on the disk: the job's worker would otherwise be busy with the big file
  if (clipSeconds > 0 && (await ffmpegAvailable(tools))) {
    const clip = path.join(work, 'clip.mp4');
    log(`generating a ${clipSeconds} s 1280×720 clip`);
    await generateClip(tools, clip, {
      pattern: 'testsrc2',
      seconds: clipSeconds,
      width: 1280,
      height: 720,
      toneHz: 440,
    });
    log('bare ffmpeg ladder');
    const bare = await bareLadderMs(tools, clip, work);
    log('the same clip through upload and the transcode job');
    const up = await uploadChunked(server.baseUrl, token, clip, await md5Of(clip));
    const job = await followJob(server.baseUrl, token, up.videoId, performance.now());
    const ratio = job.jobMs / bare.ms;
    ok &&= ratio <= STUDIO_TARGETS.transcodeVsBare;
    lines.push(
      `Transcode (${clipSeconds} s 1280×720 testsrc2 clip, ladder ${bare.rungs.join('/')}): bare ffmpeg ${(bare.ms / 1000).toFixed(1)} s, ` +
        `the job ${(job.jobMs / 1000).toFixed(1)} s from "transcoding" to "ready" (${(job.sinceUploadMs / 1000).toFixed(1)} s from the end of the upload, including the worker's pick-up) — ` +
        `${ratio.toFixed(2)}× (target ≤ ${STUDIO_TARGETS.transcodeVsBare}×: ${ratio <= STUDIO_TARGETS.transcodeVsBare ? 'met' : 'MISSED'})`,
    );
    await deleteVideo(server.baseUrl, token, up.videoId);
  } else {
    lines.push(
      `Transcode: skipped (${clipSeconds > 0 ? 'ffmpeg is not installed: apt-get install -y ffmpeg' : 'BENCH_CLIP_SECONDS=0'})`,
    );
  }

  // a small upload first, so what the big one adds is not the first use of the upload code
  const warm = path.join(work, 'warm.mp4');
  await makeVideoLikeFile(warm, 20 * 2_048_000 + 123);
  await deleteVideo(
    server.baseUrl,
    token,
    (await uploadChunked(server.baseUrl, token, warm, await md5Of(warm))).videoId,
  );

  log(`writing a ${uploadMb} MB file`);
  const big = path.join(work, 'big.mp4');
  await makeVideoLikeFile(big, uploadMb * 1024 * 1024);
  const identifier = await md5Of(big);
  writeBack();
  const ddBefore = ddMbps(big, path.join(work, 'dd.out'));
  log(`dd ${ddBefore.toFixed(0)} MB/s; uploading`);
  writeBack();
  const rss0 = rssMb(server.pid) ?? 0;
  const sampler = sampleRss(server.pid);
  const cpu0 = { server: cpuSeconds(server.pid), client: process.cpuUsage() };
  const threads0 = threadCpuSeconds(server.pid);
  const pg0 = cpuOfProcessesNamed('postgres');
  const up = await uploadChunked(server.baseUrl, token, big, identifier);
  const pgCpu = cpuOfProcessesNamed('postgres') - pg0;
  const rss = sampler.stop();
  const threads1 = threadCpuSeconds(server.pid);
  const clientCpu = process.cpuUsage(cpu0.client);
  const cpu = { server: cpuSeconds(server.pid) - cpu0.server, client: (clientCpu.user + clientCpu.system) / 1e6 };
  await deleteVideo(server.baseUrl, token, up.videoId);
  writeBack();
  const ddAfter = ddMbps(big, path.join(work, 'dd.out'));
  const dd = (ddBefore + ddAfter) / 2;
  const mbps = up.bytes / 1e6 / (up.ms / 1000);
  log('the same upload against a bare server that only writes the bodies');
  const sinkFile = path.join(work, 'sink.out');
  const sink = await startChild(
    [path.resolve(import.meta.dirname, 'upload-sink-server.ts')],
    { SINK_FILE: sinkFile },
    '/readyz',
  );
  writeBack();
  const bareCpu0 = process.cpuUsage();
  const sinkCpu0 = cpuSeconds(sink.pid);
  let sinkCpu = 0;
  const bare = await uploadChunked(sink.baseUrl, 'sink', big, identifier).finally(() => {
    sinkCpu = cpuSeconds(sink.pid) - sinkCpu0;
    return sink.stop();
  });
  const bareClientCpu = process.cpuUsage(bareCpu0);
  fs.rmSync(sinkFile, { force: true });
  const bareMbps = bare.bytes / 1e6 / (bare.ms / 1000);
  log("the page's MD5 of the file, as its worker computes it before an upload");
  writeBack();
  const md5 = await measureUploadMd5(big);
  const growth = rss.peak - rss0;
  const perMb = (s: number) => ((s * 1000) / (up.bytes / 1e6)).toFixed(2);
  const byThread = `main thread ${perMb(threads1.main - threads0.main)}, V8's helper threads ${perMb(threads1.v8 - threads0.v8)}, libuv's pool ${perMb(threads1.libuv - threads0.libuv)}`;
  // what one core can do for the client alone: its CPU per MB, against the wall time dd takes per MB
  const clientMsPerMb =
    (Math.min(cpu.client, (bareClientCpu.user + bareClientCpu.system) / 1e6) * 1000) / (up.bytes / 1e6);
  const clientBound = 1000 / clientMsPerMb / dd;
  ok &&= mbps >= dd * STUDIO_TARGETS.uploadVsDd && growth < STUDIO_TARGETS.rssGrowthMb;
  lines.push(
    `Upload (${uploadMb} MB through test + multipart chunks of 2,048,000 bytes, ${SIMULTANEOUS} at a time, ${up.retries} retries): ` +
      `${mbps.toFixed(0)} MB/s in ${(up.ms / 1000).toFixed(1)} s (the completing request, with the assembly, ${(up.lastMs / 1000).toFixed(2)} s); ` +
      `CPU used: server ${cpu.server.toFixed(1)} s (${((cpu.server * 1000) / (up.bytes / 1e6)).toFixed(1)} ms/MB: ${byThread}), ` +
      `PostgreSQL ${pgCpu.toFixed(1)} s (${perMb(pgCpu)} ms/MB), uploading client ${cpu.client.toFixed(1)} s; ` +
      `dd of the same bytes ${ddBefore.toFixed(0)} MB/s before and ${ddAfter.toFixed(0)} MB/s after — ${((mbps / dd) * 100).toFixed(0)} % ` +
      `(target ≥ ${STUDIO_TARGETS.uploadVsDd * 100} %: ${mbps >= dd * STUDIO_TARGETS.uploadVsDd ? 'met' : 'MISSED'})`,
    `Ceiling: the same client against a bare node:http server that writes each request body to a file (no multipart parsing, no CRC-32, no database, ` +
      `bench/upload-sink-server.ts): ${bareMbps.toFixed(0)} MB/s = ${((bareMbps / dd) * 100).toFixed(0)} % of \`dd\`, with ${((sinkCpu * 1000) / (bare.bytes / 1e6)).toFixed(1)} ms of its CPU per MB; ` +
      `the upload reached ${((mbps / bareMbps) * 100).toFixed(0)} % of it`,
    `The uploading client alone (reading the file, its CRC-32, sending): ${clientMsPerMb.toFixed(2)} ms of CPU per MB, where \`dd\` takes ` +
      `${(1000 / dd).toFixed(2)} ms per MB of wall time — on a core of its own it could send at most ${(clientBound * 100).toFixed(0)} % of \`dd\`'s rate, ` +
      `before any server work, with ${os.cpus().length} cores for client, server, PostgreSQL and the collector`,
    `The page's file identifier (MD5 of ${(md5.bytes / 1024 / 1024).toFixed(0)} MB read from a Blob in slices of 10,240,000 bytes, in Node on one thread): ` +
      `the page's module (hash-blob.ts, hash-wasm) ${md5.page.mbps.toFixed(0)} MB/s in ${(md5.page.ms / 1000).toFixed(1)} s; ` +
      `the hand-written MD5 it used before, same slices, ${md5.handwritten.mbps.toFixed(0)} MB/s in ${(md5.handwritten.ms / 1000).toFixed(1)} s; ` +
      `node:crypto (OpenSSL), for reference, ${md5.openssl.mbps.toFixed(0)} MB/s`,
    `Server RSS during the upload: ${rss0.toFixed(0)} MB before, peak ${rss.peak.toFixed(0)} MB, ${rss.last.toFixed(0)} MB after — growth ${growth.toFixed(0)} MB ` +
      `(target < ${STUDIO_TARGETS.rssGrowthMb} MB: ${growth < STUDIO_TARGETS.rssGrowthMb ? 'met' : 'MISSED'})`,
    `Machine load average (1/5 min): ${loadBefore[0]!.toFixed(2)}/${loadBefore[1]!.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)}/${os.loadavg()[1]!.toFixed(2)} at the end; ` +
      'client, server, PostgreSQL and dd share the cores and the disk.',
  );
  console.log(['', ...machineInfo(await postgresVersion(db.url)), '', ...lines, ''].join('\n'));
  return ok;
}
