import { Limits } from '#contract/codes.ts';
import { uploadAliyun, type TUploadResult } from '#contract/system.ts';
import { refuseFile, uploadFile } from '../../api/upload.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** What is wrong with a file before it is sent (the server checks again by decoding it), or null. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return '仅支持 JPG、PNG、WebP、GIF 图片';
  if (file.size > Limits.imageUploadMaxBytes) return `图片不能超过 ${Limits.imageUploadMaxBytes / 1024 / 1024} MB`;
  if (file.size === 0) return '文件为空，请检查文件';
  return null;
}

/** Sends one image to system/auth/upload/aliyun; refusals arrive as ApiError, already told by the response handler. */
export async function uploadImage(file: File): Promise<TUploadResult> {
  const problem = imageFileProblem(file);
  if (problem) throw refuseFile(uploadAliyun, problem);
  return uploadFile(uploadAliyun, file);
}
