import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a call with a file instead of the envelope (an export): the handler has done its checks, so a refusal
 * before this point is still the usual envelope. `asciiName` is the fallback name for clients without RFC 5987.
 */
export function sendFile(
  reply: FastifyReply,
  file: { fileName: string; body: Buffer },
  contentType: string,
  asciiName: string,
): null {
  reply.hijack();
  reply.raw.writeHead(200, {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'Content-Length': String(file.body.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  reply.raw.end(file.body);
  return null;
}
