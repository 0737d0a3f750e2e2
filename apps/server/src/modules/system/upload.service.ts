import type { TUploadResult } from '#contract/system.ts';
import { Limits } from '#contract/codes.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { fileStorage } from '../../db/schema/system.ts';

const IMAGE_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

export interface IncomingFile {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * Image uploads: the bytes must decode as JPEG, PNG, WebP or GIF whatever the name says, and stay within the
 * size limit; the file is kept under a fresh name in storage and recorded with its owner.
 */
export class UploadService {
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
  }

  async image(
    siteId: bigint,
    owner: { kind: 'user' | 'admin'; id: bigint },
    file: IncomingFile | undefined,
  ): Promise<TUploadResult> {
    if (!file) throw fail('请选择要上传的图片');
    if (file.truncated || file.bytes.length > Limits.imageUploadMaxBytes) {
      throw fail(`图片不能超过 ${Limits.imageUploadMaxBytes / 1024 / 1024} MB`);
    }
    if (file.bytes.length === 0) throw fail('文件为空，请检查文件');
    // sharp (libvips, some 27 MB of memory once loaded) is loaded by the first image, not at start
    const { default: sharp } = await import('sharp');
    let format: string | undefined;
    try {
      format = (await sharp(file.bytes).metadata()).format;
    } catch {
      format = undefined;
    }
    const ext = format ? IMAGE_FORMATS[format] : undefined;
    if (!ext) throw fail('无法识别该文件，请检查文件：仅支持 JPG、PNG、WebP、GIF 图片');
    const id = newId();
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const key = `images/${siteId}/${month}/${id}.${ext}`;
    await this.p.storage.put(key, file.bytes);
    const fileName = file.filename.slice(0, 200) || `${id}.${ext}`;
    await this.p.db.insert(fileStorage).values({
      id,
      siteId,
      ownerKind: owner.kind,
      ownerId: owner.id,
      fileName,
      fileKey: key,
      fileType: `image/${format}`,
      fileSize: file.bytes.length,
    });
    return { url: this.p.storage.publicUrl(key), fileName, fileSize: file.bytes.length };
  }
}
