import crypto from 'node:crypto';
import type { AdminService } from './admin.service.ts';

export const ADMIN_COMMAND_USAGE = [
  '用法：npm run admin -- <命令> <管理员账号> [--site <站点 ID>]',
  '  reset-password <账号>   生成新密码并打印，同时启用账号、清除错误次数',
  '  unlock <账号>           启用账号并清除错误次数，密码不变',
].join('\n');

/** A password a person can type from the terminal: 16 characters of letters and digits. */
export function newAdminPassword(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(16), (b) => chars[b % chars.length]).join('');
}

/**
 * `npm run admin -- …` from the server's shell, the administrators' way in that no visitor can block: runs one
 * command and returns what to print.
 */
export async function runAdminCommand(
  admins: AdminService,
  argv: readonly string[],
  defaultSiteId: bigint,
): Promise<{ ok: boolean; out: string }> {
  const [command, loginName, ...rest] = argv;
  const siteAt = rest.indexOf('--site');
  const siteArg = siteAt >= 0 ? rest[siteAt + 1] : undefined;
  if (!command || !loginName || (siteAt >= 0 && !/^\d+$/.test(siteArg ?? ''))) {
    return { ok: false, out: ADMIN_COMMAND_USAGE };
  }
  const siteId = siteArg ? BigInt(siteArg) : defaultSiteId;
  try {
    if (command === 'reset-password') {
      const password = newAdminPassword();
      await admins.resetPassword(siteId, loginName, password);
      return { ok: true, out: `管理员 ${loginName} 的新密码：${password}\n请登录后台后妥善保管。` };
    }
    if (command === 'unlock') {
      await admins.unlock(siteId, loginName);
      return { ok: true, out: `管理员 ${loginName} 已启用，错误次数已清除。` };
    }
  } catch (err) {
    return { ok: false, out: err instanceof Error ? err.message : String(err) };
  }
  return { ok: false, out: ADMIN_COMMAND_USAGE };
}
