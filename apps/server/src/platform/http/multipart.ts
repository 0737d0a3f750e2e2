import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';

/** Reads the single multipart field `file` (spec: parameter file), stopping at maxBytes. */
export async function readFileField(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart()) throw fail('请以 multipart/form-data 上传文件（字段 file）');
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) return undefined;
  if (part.fieldname !== 'file') throw fail('上传字段应为 file');
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  });
  return { filename: part.filename, bytes: bytes ?? Buffer.alloc(0), truncated: bytes === null || part.file.truncated };
}
