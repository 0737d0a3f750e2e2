import type { CallData, CallDef } from '#contract/call.ts';
import { ApiError, browserFetch, dataOf, readEnvelope, type CallOptions } from './client.ts';
import { handleRefusal } from './handler.ts';

/**
 * Sends one file as the multipart field `file` (spec §7), after any plain `fields` (the server reads those before
 * the file streams in). The fetch, its 30-minute form-data timeout and the response handler are the typed
 * client's; this adds only the form. Spec §8: an upload failure shows the server's message or a generic one.
 */
export async function uploadFile<C extends CallDef>(
  call: C,
  file: File,
  fields: Record<string, string> = {},
  opts?: CallOptions,
): Promise<CallData<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  try {
    const env = await readEnvelope(await browserFetch(`/apis${call.path}`, { method: 'POST', body: form }));
    return dataOf<CallData<C>>({ ...env, msg: env.msg || '上传失败，请稍后再试' });
  } catch (err) {
    if (err instanceof ApiError) handleRefusal(err, call, opts);
    throw err;
  }
}

/** A check made before sending (type, size) refused the file: told like the server's refusal of it. */
export function refuseFile(call: CallDef, msg: string, opts?: CallOptions): ApiError {
  const err = new ApiError(999, msg);
  handleRefusal(err, call, opts);
  return err;
}
