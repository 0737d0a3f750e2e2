import crypto from 'node:crypto';

/** Whom a play URL was given to, for which lesson and video, and until when (Unix seconds). */
export interface PlayClaims {
  siteId: bigint;
  userId: bigint;
  periodId: bigint;
  videoId: bigint;
  exp: number;
}

export type Verified = { ok: true; claims: PlayClaims } | { ok: false; reason: 'invalid' | 'expired' };

const VERSION = 1;
/** version, four 64-bit ids, a 32-bit expiry */
const CLAIMS_BYTES = 1 + 4 * 8 + 4;
/** 128 bits of HMAC-SHA256: plenty against forgery, and it keeps the token under the router's 100-character path parameter. */
const MAC_BYTES = 16;
const TOKEN = /^([A-Za-z0-9_-]{50})\.([A-Za-z0-9_-]{22})$/;

/** The secret as bytes, or better as a KeyObject made once: HMAC with a KeyObject costs a fifth of one with a Buffer. */
export type MacKey = Buffer | crypto.KeyObject;

const mac = (secret: MacKey, claims: Buffer) =>
  crypto.createHmac('sha256', secret).update('vod-play:').update(claims).digest().subarray(0, MAC_BYTES);

/**
 * A play token: the claims packed in binary and base64url, a dot, and a MAC over them (73 characters). It travels
 * in the path of every playlist, segment and key URL, so nothing but the URL is needed to fetch them (hls.js
 * sends no custom headers).
 */
export function signPlayToken(secret: MacKey, c: PlayClaims): string {
  const claims = Buffer.alloc(CLAIMS_BYTES);
  claims.writeUInt8(VERSION, 0);
  claims.writeBigUInt64BE(c.siteId, 1);
  claims.writeBigUInt64BE(c.userId, 9);
  claims.writeBigUInt64BE(c.periodId, 17);
  claims.writeBigUInt64BE(c.videoId, 25);
  claims.writeUInt32BE(c.exp, 33);
  return `${claims.toString('base64url')}.${mac(secret, claims).toString('base64url')}`;
}

export function verifyPlayToken(secret: MacKey, token: string, nowSec = Math.floor(Date.now() / 1000)): Verified {
  const parts = TOKEN.exec(token);
  if (!parts) return { ok: false, reason: 'invalid' };
  const claims = Buffer.from(parts[1]!, 'base64url');
  const given = Buffer.from(parts[2]!, 'base64url');
  // base64url decoding ignores stray bits, so the token must also be the canonical spelling of its bytes
  if (
    claims.length !== CLAIMS_BYTES ||
    given.length !== MAC_BYTES ||
    claims.toString('base64url') !== parts[1] ||
    given.toString('base64url') !== parts[2]
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (!crypto.timingSafeEqual(given, mac(secret, claims)) || claims.readUInt8(0) !== VERSION)
    return { ok: false, reason: 'invalid' };
  const exp = claims.readUInt32BE(33);
  if (exp <= nowSec) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: {
      siteId: claims.readBigUInt64BE(1),
      userId: claims.readBigUInt64BE(9),
      periodId: claims.readBigUInt64BE(17),
      videoId: claims.readBigUInt64BE(25),
      exp,
    },
  };
}
