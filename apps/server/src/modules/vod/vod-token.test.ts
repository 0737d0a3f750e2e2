import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPlayToken, verifyPlayToken } from './vod-token.ts';

const secret = crypto.randomBytes(32);
const now = 1_800_000_000;
const claims = {
  siteId: 10n,
  userId: 1080387521456295937n,
  periodId: 7n,
  videoId: 9223372036854775807n,
  exp: now + 7200,
};

describe('play token', () => {
  it('gives back exactly what was signed while it is valid', () => {
    const token = signPlayToken(secret, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{50}\.[A-Za-z0-9_-]{22}$/);
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
    const bytes = Buffer.from(body, 'base64url');
    for (const at of [1, 9, 17, 25, 36]) {
      const changed = Buffer.from(bytes);
      changed[at]! ^= 1;
      expect(verifyPlayToken(secret, `${changed.toString('base64url')}.${sig}`, now), `byte ${at}`).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect(verifyPlayToken(secret, `${body}.${flipped}`, now).ok).toBe(false);
    expect(verifyPlayToken(crypto.randomBytes(32), token, now).ok).toBe(false);
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of [
      '',
      '.',
      'abc',
      `${'a'.repeat(500)}.${'b'.repeat(22)}`,
      'a.b',
      '../../etc.passwd',
      `${'x'.repeat(50)}.${'y'.repeat(22)}`,
      `${'x'.repeat(50)}.${'y'.repeat(21)}z`,
    ]) {
      expect(verifyPlayToken(secret, bad, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
