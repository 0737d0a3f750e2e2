import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { smsCode } from '../../db/schema/user.ts';

export const SMS_RULES = {
  validMs: 5 * 60_000,
  perMobilePerDay: 10,
  wrongTriesPerCode: 5,
} as const;

const hashCode = (mobile: string, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${code}`).digest('hex');

/** The start of today in Asia/Shanghai, the day by which the daily limit is counted. */
function shanghaiDayStart(now: Date): Date {
  const shifted = new Date(now.getTime() + 8 * 3600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3600_000);
}

/**
 * SMS verification codes: 6 digits, valid 5 minutes, single use, with limits per mobile (SMS_INTERVAL_SECONDS apart,
 * ten a day) and per IP (SMS_PER_IP_PER_HOUR).
 */
export class SmsCodeService {
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
  }

  async send(siteId: bigint, mobile: string, ip: string, now = new Date()): Promise<{ intervalSeconds: number }> {
    const db = this.p.db;
    const [last] = await db
      .select({ at: smsCode.gmtCreate })
      .from(smsCode)
      .where(and(eq(smsCode.siteId, siteId), eq(smsCode.mobile, mobile)))
      .orderBy(desc(smsCode.gmtCreate))
      .limit(1);
    const intervalMs = this.p.config.smsIntervalSeconds * 1000;
    if (last && now.getTime() - last.at.getTime() < intervalMs) {
      const wait = Math.ceil((intervalMs - (now.getTime() - last.at.getTime())) / 1000);
      throw fail(`验证码发送太频繁，请 ${wait} 秒后再试`);
    }
    const [today] = await db
      .select({ n: count() })
      .from(smsCode)
      .where(and(eq(smsCode.siteId, siteId), eq(smsCode.mobile, mobile), gt(smsCode.gmtCreate, shanghaiDayStart(now))));
    if ((today?.n ?? 0) >= SMS_RULES.perMobilePerDay) throw fail('该手机号今天获取验证码的次数已达上限，请明天再试');
    const [fromIp] = await db
      .select({ n: count() })
      .from(smsCode)
      .where(
        and(eq(smsCode.siteId, siteId), eq(smsCode.ip, ip), gt(smsCode.gmtCreate, new Date(now.getTime() - 3600_000))),
      );
    if ((fromIp?.n ?? 0) >= this.p.config.smsPerIpPerHour) throw fail('当前网络获取验证码过于频繁，请一小时后再试');

    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await this.p.sms.sendCode(mobile, code).catch((err: Error) => {
      this.p.log.error({ err }, 'sms send failed');
      throw fail('短信发送失败，请稍后再试');
    });
    await db.insert(smsCode).values({
      id: newId(),
      siteId,
      mobile,
      codeHash: hashCode(mobile, code),
      ip,
      expiresAt: new Date(now.getTime() + SMS_RULES.validMs),
      gmtCreate: now,
    });
    return { intervalSeconds: this.p.config.smsIntervalSeconds };
  }

  /**
   * Spends the newest live code of the mobile. Callers check everything else first, so a refused action does
   * not use up the code. A wrong guess counts against the code; too many spend it.
   */
  async consume(siteId: bigint, mobile: string, code: string, now = new Date()): Promise<void> {
    const db = this.p.db;
    const [row] = await db
      .select()
      .from(smsCode)
      .where(and(eq(smsCode.siteId, siteId), eq(smsCode.mobile, mobile), isNull(smsCode.usedAt)))
      .orderBy(desc(smsCode.gmtCreate))
      .limit(1);
    if (!row) throw fail('请先获取短信验证码');
    if (row.expiresAt <= now) throw fail('短信验证码已过期，请重新获取');
    if (row.codeHash !== hashCode(mobile, code)) {
      const spent = row.wrongTries + 1 >= SMS_RULES.wrongTriesPerCode;
      await db
        .update(smsCode)
        .set({ wrongTries: sql`${smsCode.wrongTries} + 1`, usedAt: spent ? now : null })
        .where(eq(smsCode.id, row.id));
      throw fail(spent ? '短信验证码错误次数过多，请重新获取' : '短信验证码不正确');
    }
    const used = await db
      .update(smsCode)
      .set({ usedAt: now })
      .where(and(eq(smsCode.id, row.id), isNull(smsCode.usedAt)))
      .returning({ id: smsCode.id });
    if (used.length === 0) throw fail('短信验证码已使用，请重新获取');
  }
}
