import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const NONCE_BYTES = 16;
// random bytes drawn a page at a time: each draw is a call into OpenSSL, which cost more than the bytes themselves
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/** 16 random bytes, base64: each nonce its own bytes of the pool, never given twice. */
function nonce(): string {
  if (used === pool.length) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString('base64', used - NONCE_BYTES, used);
}

/**
 * Security headers. Pages get a CSP with a per-request nonce and 'strict-dynamic', so the statistics and
 * online-service snippets a site enables (inline code that loads the vendor's script) run without a host list.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonceValue', '');
  // made on first use: only pages read it, so API calls (and a page's in-process calls) skip the random bytes
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      if (!this.cspNonceValue) this.cspNonceValue = nonce();
      return this.cspNonceValue;
    },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header(
        'Content-Security-Policy',
        [
          `default-src 'self'`,
          // 'wasm-unsafe-eval' lets the upload's MD5 (hash-wasm) compile its WebAssembly on the page when its worker
          // cannot start; it allows no eval of JavaScript
          `script-src 'self' 'nonce-${req.cspNonce}' 'strict-dynamic' 'wasm-unsafe-eval' https: 'unsafe-inline'`,
          // antd's CSS is our own extracted file (decision 9); 'unsafe-inline' is for the style attributes React
          // renders. Stored rich text carries no style, class or stylesheet (decision 31)
          `style-src 'self' 'unsafe-inline'`,
          // images from our own /media/ and https hosts only: no plain-http beacons (decision 31)
          `img-src 'self' data: blob: https:`,
          `font-src 'self' data: https:`,
          `connect-src 'self' https: wss:`,
          `media-src 'self' blob: https:`,
          // hls.js demuxes in a worker it starts from a blob: URL
          `worker-src 'self' blob:`,
          `frame-src 'self' https:`,
          `object-src 'none'`,
          `base-uri 'self'`,
          `frame-ancestors 'self'`,
          `form-action 'self'`,
        ].join('; '),
      );
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's CSP nonce, fresh for each request. */
    readonly cspNonce: string;
    cspNonceValue: string;
  }
}
