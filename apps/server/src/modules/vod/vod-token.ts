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

const CLAIMS = /^(\d{1,19})\.(\d{1,19})\.(\d{1,19})\.(\d{1,19})\.(\d{1,12})$/;
const TOKEN = /^([A-Za-z0-9_-]{1,160})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: Buffer, claims: string) => crypto.createHmac('sha256', secret).update(`vod-play:v2:${claims}`).digest();

/**
 * A play token: the claims in base64url, a dot, and an HMAC-SHA256 over them. It travels in the path of every
 * playlist, segment and key URL, so nothing but the URL is needed to fetch them (hls.js sends no custom headers).
 */
export function signPlayToken(secret: Buffer, c: PlayClaims): string {
  const claims = `${c.siteId}.${c.userId}.${c.periodId}.${c.videoId}.${c.exp}`;
  return `${Buffer.from(claims).toString('base64url')}.${mac(secret, claims).toString('base64url')}`;
}

export function verifyPlayToken(secret: Buffer, token: string, nowSec = Math.floor(Date.now() / 1000)): Verified {
  const parts = TOKEN.exec(token);
  if (!parts) return { ok: false, reason: 'invalid' };
  const claims = Buffer.from(parts[1]!, 'base64url').toString();
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = mac(secret, claims);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const m = CLAIMS.exec(claims);
  if (!m) return { ok: false, reason: 'invalid' };
  const exp = Number(m[5]);
  if (exp <= nowSec) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { siteId: BigInt(m[1]!), userId: BigInt(m[2]!), periodId: BigInt(m[3]!), videoId: BigInt(m[4]!), exp } };
}
