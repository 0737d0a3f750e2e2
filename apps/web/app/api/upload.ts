import type { CallDef } from '#contract/call.ts';
import { Limits, ResultCode } from '#contract/codes.ts';
import type { TUploadResult } from '#contract/system.ts';
import { ApiError, type Envelope } from './client.ts';

/** Sends one file as the multipart field `file` (spec §7); refusals arrive as ApiError like any call. */
export async function uploadFile(call: CallDef, file: File): Promise<TUploadResult> {
  const form = new FormData();
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
  return env.data as TUploadResult;
}
