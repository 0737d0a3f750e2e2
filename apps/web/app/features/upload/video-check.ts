import {
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_SIZE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
  isVideoFileName,
} from '#contract/upload.ts';

/**
 * Why a chosen file cannot be uploaded as a video, or null when it may: the extension and the size are checked
 * before a byte is read or sent (the server checks both again, and sniffs the first bytes).
 */
export function videoFileProblem(file: { name: string; size: number }): string | null {
  if (!isVideoFileName(file.name)) return VIDEO_TYPE_MESSAGE;
  if (file.size > VIDEO_MAX_BYTES) return VIDEO_SIZE_MESSAGE;
  if (file.size <= 0) return '文件为空，请检查文件';
  return null;
}

/** The file chooser's filter: the extensions the server accepts. */
export const VIDEO_ACCEPT = VIDEO_EXTENSIONS.map((e) => `.${e}`).join(',');
