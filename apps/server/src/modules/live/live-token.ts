import crypto from 'node:crypto';

/**
 * What a live URL or room connection was given for: `play` the HLS files of a session, `chat` its room, `push` a
 * browser broadcast into it. `lecturer` 1 for the session's lecturer (moderation in the room).
 */
export interface LiveClaims {
  kind: 'play' | 'chat' | 'push';
  siteId: bigint;
  userId: bigint;
  sessionId: bigint;
  lecturer: 0 | 1;
  /** Unix seconds */
  exp: number;
}

const KINDS = ['play', 'chat', 'push'] as const;
/** kind, lecturer flag, three 64-bit ids, a 32-bit expiry: packed in binary, so the token fits a path parameter */
const CLAIMS_BYTES = 1 + 1 + 3 * 8 + 4;
const TOKEN = /^([A-Za-z0-9_-]{40})\.([A-Za-z0-9_-]{22})$/;

const mac = (secret: crypto.KeyObject, body: Buffer) =>
  crypto.createHmac('sha256', secret).update('live:').update(body).digest().subarray(0, 16);

/** The claims in base64url, a dot, and a 128-bit HMAC over them (63 characters); it travels in a URL path. */
export function signLiveToken(secret: crypto.KeyObject, c: LiveClaims): string {
  const b = Buffer.alloc(CLAIMS_BYTES);
  b.writeUInt8(KINDS.indexOf(c.kind), 0);
  b.writeUInt8(c.lecturer, 1);
  b.writeBigUInt64BE(c.siteId, 2);
  b.writeBigUInt64BE(c.userId, 10);
  b.writeBigUInt64BE(c.sessionId, 18);
  b.writeUInt32BE(c.exp, 26);
  return `${b.toString('base64url')}.${mac(secret, b).toString('base64url')}`;
}

/** The claims of a genuine, unexpired token of this kind; undefined otherwise. */
export function verifyLiveToken(
  secret: crypto.KeyObject,
  token: string,
  kind: LiveClaims['kind'],
  nowSec = Math.floor(Date.now() / 1000),
): LiveClaims | undefined {
  const parts = TOKEN.exec(token);
  if (!parts) return undefined;
  const b = Buffer.from(parts[1]!, 'base64url');
  const given = Buffer.from(parts[2]!, 'base64url');
  if (b.length !== CLAIMS_BYTES || given.length !== 16 || b.toString('base64url') !== parts[1]) return undefined;
  if (!crypto.timingSafeEqual(given, mac(secret, b))) return undefined;
  const exp = b.readUInt32BE(26);
  if (KINDS[b.readUInt8(0)] !== kind || exp <= nowSec) return undefined;
  return {
    kind,
    lecturer: b.readUInt8(1) === 1 ? 1 : 0,
    siteId: b.readBigUInt64BE(2),
    userId: b.readBigUInt64BE(10),
    sessionId: b.readBigUInt64BE(18),
    exp,
  };
}
