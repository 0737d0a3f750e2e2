import { Limits, ResultCode } from '#contract/codes.ts';
import { uploadAliyun, type TUploadResult } from '#contract/system.ts';
import { ApiError, type Envelope } from '../../api/client.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** What is wrong with a file before it is sent (the server checks again by decoding it), or null. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return '仅支持 JPG、PNG、WebP、GIF 图片';
  if (file.size > Limits.imageUploadMaxBytes) return `图片不能超过 ${Limits.imageUploadMaxBytes / 1024 / 1024} MB`;
  if (file.size === 0) return '文件为空，请检查文件';
  return null;
}

/** Sends one image as multipart field `file` (system/auth/upload/aliyun); refusals arrive as ApiError. */
export async function uploadImage(file: File): Promise<TUploadResult> {
  const problem = imageFileProblem(file);
  if (problem) throw new ApiError(ResultCode.ERROR, problem);
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`/apis${uploadAliyun.path}`, {
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
