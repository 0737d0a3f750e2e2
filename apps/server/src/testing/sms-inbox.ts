import type { SmsSender } from '../platform/sms.ts';

/** An SMS sender that keeps what it sent, so tests read codes as a phone would. */
export class SmsInbox implements SmsSender {
  readonly sent: Array<{ mobile: string; code: string }> = [];
  async sendCode(mobile: string, code: string): Promise<void> {
    this.sent.push({ mobile, code });
  }
  last(mobile: string): string {
    const hit = this.sent.findLast((s) => s.mobile === mobile);
    if (!hit) throw new Error(`no SMS to ${mobile}`);
    return hit.code;
  }
}
