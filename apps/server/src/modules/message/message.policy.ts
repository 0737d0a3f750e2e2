import { notFound } from '../../platform/http/errors.ts';

/** The administrator withdraws only messages the administration wrote; a system message reads as missing. */
export function adminMayWithdraw<T extends { createdBy: string }>(m: T | undefined): T {
  if (!m || m.createdBy !== 'admin') throw notFound('消息');
  return m;
}
