/**
 * Copies the files of DATA_DIR/files into the S3 bucket configured by S3_*, under the same keys, before the
 * server is switched to S3. Run it with the same settings the server will use; running it again copies only what
 * is missing or differs in size. Usage: npm run storage:copy-to-s3 (with S3_* and DATA_DIR set).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../apps/server/src/platform/config.ts';
import { createStorage, LocalStorage } from '../apps/server/src/platform/storage.ts';
import { copyFiles } from '../apps/server/src/platform/storage-copy.ts';

try {
  const config = loadConfig();
  if (!config.s3) throw new ConfigError('请先设置 S3_ENDPOINT、S3_REGION、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY');
  const from = new LocalStorage(path.join(config.dataDir, 'files'));
  const to = await createStorage(config);
  console.log(`从 ${from.root} 复制到存储桶 ${config.s3.bucket}（${config.s3.endpoint}）……`);
  const r = await copyFiles(from, to, (key, size) => console.log(`  ${key}（${size} 字节）`));
  to.close?.();
  console.log(`完成：复制 ${r.copied} 个文件（${r.bytes} 字节），${r.skipped} 个已在存储桶中，未复制。`);
  if (r.unfinishedUploads > 0)
    console.log(`另有 ${r.unfinishedUploads} 个未完成的视频上传未复制：切换后这些上传需从头开始。`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
