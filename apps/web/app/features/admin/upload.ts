import { adminUploadPic } from '#contract/admin.ts';
import { Limits } from '#contract/codes.ts';
import type { TUploadResult } from '#contract/system.ts';
import { refuseFile, uploadFile } from '../../api/upload.ts';

/** Sends one image to the admin upload call; refusals arrive as ApiError like any call. */
export async function uploadAdminImage(file: File): Promise<TUploadResult> {
  if (file.size > Limits.imageUploadMaxBytes) {
    throw refuseFile(adminUploadPic, `图片不能超过 ${Limits.imageUploadMaxBytes / 1024 / 1024} MB`);
  }
  return uploadFile(adminUploadPic, file);
}
