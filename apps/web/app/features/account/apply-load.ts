import { lecturerAuditView, type TLecturerAudit } from '#contract/lecturer.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { tokenOf } from '../../lib/session.ts';
import type { LoaderArgsLike } from '../../lib/session-load.ts';

/**
 * The signed-in person's lecturer application, if any, for /apply and its H5 twin; guests (or a dead session) get
 * none and are invited to sign in.
 */
export async function loadApplication({ request, context }: LoaderArgsLike): Promise<{ audit: TLecturerAudit | null }> {
  if (!tokenOf(request)) return { audit: null };
  try {
    return { audit: await callWith(context.get(serverContext).transport, lecturerAuditView) };
  } catch (err) {
    if (err instanceof ApiError) return { audit: null };
    throw err;
  }
}
