import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../../../../bench/lib/server.ts';
import type { S3Settings } from '../platform/storage-s3.ts';

/** A real S3-compatible server (s3rver) for tests: its own free port and temporary folder, one empty bucket. */
export interface TestS3 {
  settings: S3Settings;
  /** The settings as the server reads them from its environment. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's files. */
  dir: string;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'qingke-test'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any key pair it is signed with
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    },
    dir,
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
