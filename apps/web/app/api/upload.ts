import type { CallData, CallDef } from '#contract/call.ts';
import { Limits, ResultCode } from '#contract/codes.ts';
import { ApiError, type Envelope } from './client.ts';

/**
 * Sends one file as the multipart field `file` (spec §7), after any plain `fields` (the server reads those before
 * the file streams in); refusals arrive as ApiError like any call.
 */
export async function uploadFile<C extends CallDef>(
  call: C,
  file: File,
  fields: Record<string, string> = {},
): Promise<CallData<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`/apis${call.path}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(Limits.uploadTimeoutMs),
    });
  } catch {
    throw new ApiError(ResultCode.ERROR, '上传失败，请检查网络后重试');
  }
  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    throw new ApiError(ResultCode.ERROR, `上传失败（${res.status}），请稍后再试`);
  }
  // spec §8: an upload failure shows the server's message or a generic one
  if (env.code !== ResultCode.SUCCESS) throw new ApiError(env.code, env.msg || '上传失败，请稍后再试', env.data);
  return env.data as CallData<C>;
}
