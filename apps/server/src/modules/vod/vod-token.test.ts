import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPlayToken, verifyPlayToken } from './vod-token.ts';

const secret = crypto.randomBytes(32);
const now = 1_800_000_000;
const claims = { siteId: 10n, userId: 1080387521456295937n, periodId: 7n, videoId: 9223372036854775807n, exp: now + 7200 };

describe('play token', () => {
  it('gives back exactly what was signed while it is valid', () => {
    const token = signPlayToken(secret, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPlayToken(secret, token, now)).toEqual({ ok: true, claims });
    expect(verifyPlayToken(secret, token, now + 7199).ok).toBe(true);
  });

  it('is refused once expired', () => {
    const token = signPlayToken(secret, claims);
    expect(verifyPlayToken(secret, token, now + 7200)).toEqual({ ok: false, reason: 'expired' });
  });

  it('is refused when any claim or the signature is changed, or another secret signed it', () => {
    const token = signPlayToken(secret, claims);
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('.7.', '.8.')).toString('base64url');
    expect(verifyPlayToken(secret, `${forged}.${sig}`, now)).toEqual({ ok: false, reason: 'invalid' });
    const longer = Buffer.from(`${Buffer.from(body, 'base64url').toString().slice(0, -1)}9`).toString('base64url');
    expect(verifyPlayToken(secret, `${longer}.${sig}`, now).ok).toBe(false);
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect(verifyPlayToken(secret, `${body}.${flipped}`, now).ok).toBe(false);
    expect(verifyPlayToken(crypto.randomBytes(32), token, now).ok).toBe(false);
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of ['', '.', 'abc', `${'a'.repeat(500)}.${'b'.repeat(43)}`, 'a.b', '../../etc.passwd', `x.${'y'.repeat(43)}`]) {
      expect(verifyPlayToken(secret, bad, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
