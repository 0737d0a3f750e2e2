import crypto from 'node:crypto';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';

const TTL_MS = 5 * 60_000;
// characters that are easy to tell apart on screen
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYabcdefghjkmnpqrstuvwxy3456789';

/** Image captchas: 4 characters, valid 5 minutes, case-insensitive, good for one check. */
export class CaptchaService {
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
  }

  async create(): Promise<{ verToken: string; img: string }> {
    // svg-captcha reads its font into memory (about 13 MB): loaded by the first captcha, not at start
    const { default: svgCaptcha } = await import('svg-captcha');
    const c = svgCaptcha.create({
      size: 4,
      noise: 3,
      color: true,
      width: 120,
      height: 40,
      fontSize: 44,
      charPreset: CHARS,
    });
    const verToken = crypto.randomBytes(16).toString('hex');
    await this.p.cache.kv.set(`captcha:${verToken}`, c.text.toLowerCase(), TTL_MS);
    return { verToken, img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  /** Checks and spends the captcha; a wrong answer also spends it, so each image allows one guess. */
  async verify(verToken: string | undefined, verCode: string | undefined): Promise<void> {
    if (!verToken || !verCode) throw fail('请输入图形验证码', { needCaptcha: true });
    const key = `captcha:${verToken}`;
    const expected = await this.p.cache.kv.get<string>(key);
    await this.p.cache.kv.del(key);
    if (!expected) throw fail('图形验证码已过期，请点击图片换一张', { needCaptcha: true });
    if (expected !== verCode.trim().toLowerCase()) throw fail('图形验证码不正确，请重新输入', { needCaptcha: true });
  }

  /** The answer of a live captcha, for tests only. */
  peek(verToken: string): Promise<string | undefined> {
    return this.p.cache.kv.get<string>(`captcha:${verToken}`);
  }
}
