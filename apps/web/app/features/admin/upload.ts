import { adminUploadPic } from '#contract/admin.ts';
import { Limits, ResultCode } from '#contract/codes.ts';
import type { TUploadResult } from '#contract/system.ts';
import { ApiError } from '../../api/client.ts';
import type { Envelope } from '../../api/client.ts';

/** Sends one image as multipart field `file` to the admin upload call; refusals arrive as ApiError like any call. */
export async function uploadAdminImage(file: File): Promise<TUploadResult> {
  if (file.size > Limits.imageUploadMaxBytes) {
    throw new ApiError(ResultCode.ERROR, `图片不能超过 ${Limits.imageUploadMaxBytes / 1024 / 1024} MB`);
  }
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`/apis${adminUploadPic.path}`, {
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
  if (env.code !== ResultCode.SUCCESS) throw new ApiError(env.code, env.msg || '上传失败，请稍后再试');
  return env.data as TUploadResult;
}
