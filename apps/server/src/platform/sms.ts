import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/** Sends a verification code. The console sender is the embedded default; Aliyun is for production. */
export interface SmsSender {
  sendCode(mobile: string, code: string): Promise<void>;
}

export class ConsoleSms implements SmsSender {
  private readonly log: FastifyBaseLogger;
  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }
  async sendCode(mobile: string, code: string): Promise<void> {
    // the development stand-in for a real SMS: the code is read from the server log
    this.log.info(`SMS ${mobile} ${code}`);
  }
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
}

/** Aliyun's "special URL encoding": RFC 3986 with spaces as %20, '*' as %2A and '~' kept. */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The RPC signature (SignatureVersion 1.0, HMAC-SHA1) over the sorted, encoded query of a GET request. */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const toSign = `GET&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(toSign).digest('base64');
}

export class AliyunSms implements SmsSender {
  private readonly cfg: AliyunSmsConfig;
  constructor(cfg: AliyunSmsConfig) {
    this.cfg = cfg;
  }

  /** The signed request URL; separate from sending so it can be checked against the documented example. */
  requestUrl(
    mobile: string,
    templateParam: Record<string, string>,
    now = new Date(),
    nonce: string = crypto.randomUUID(),
  ): string {
    const params: Record<string, string> = {
      AccessKeyId: this.cfg.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.cfg.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.cfg.templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature(params, this.cfg.accessKeySecret);
    const query = Object.keys(params)
      .sort()
      .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
      .join('&');
    return `${this.cfg.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?Signature=${aliyunEncode(signature)}&${query}`;
  }

  async sendCode(mobile: string, code: string): Promise<void> {
    const res = await fetch(this.requestUrl(mobile, { code }), { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`阿里云短信发送失败：${body.Code ?? res.status} ${body.Message ?? ''}`);
  }
}
