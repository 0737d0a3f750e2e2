import type { FastifyRequest } from 'fastify';

/** The site's address for links and QR codes: PUBLIC_URL when set, else what the request came in on. */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}
