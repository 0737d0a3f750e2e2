/**
 * `npm run admin -- reset-password <账号>` or `npm run admin -- unlock <账号>`: the administrators' way in from the
 * server's shell, on the configured database (the embedded one only while the server is stopped).
 */
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { DatabaseLockedError } from '../apps/server/src/platform/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { Limits } from '#contract/codes.ts';
import { runAdminCommand } from '../apps/server/src/modules/admin/admin-command.ts';

const config = loadConfig();
let built: Awaited<ReturnType<typeof buildApp>>;
try {
  built = await buildApp({ ...config, logLevel: 'warn' });
} catch (err) {
  if (err instanceof DatabaseLockedError) {
    console.error(`服务器正在使用 ${config.dataDir} 中的内嵌数据库，请先停止它再执行此命令。`);
    process.exit(1);
  }
  throw err;
}
const result = await runAdminCommand(built.services.admins, process.argv.slice(2), BigInt(Limits.defaultSiteId));
await built.app.close();
(result.ok ? console.log : console.error)(result.out);
process.exit(result.ok ? 0 : 1);
