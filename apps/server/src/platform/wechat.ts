import crypto from 'node:crypto';
import type { KeyValue } from './cache.ts';

/**
 * Draws the QR code of a login scene. The development provider points it at our own scan page, where a
 * browser plays the phone; the official-account adapter asks WeChat for a temporary parameter QR code, whose
 * scan WeChat reports to our callback.
 */
export interface WechatLoginProvider {
  readonly kind: 'dev' | 'mp';
  qrcode(sceneId: string, expireSeconds: number, origin: string): Promise<{ qrcodeUrl: string; scanUrl: string }>;
}

export type Fetch = typeof fetch;

/* ---- WeChat official account (公众号) wire format, kept as plain functions so it is testable offline ---- */

const API = 'https://api.weixin.qq.com';

export function mpTokenUrl(appId: string, appSecret: string): string {
  return `${API}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(appSecret)}`;
}

/** A temporary QR code whose scene is a string: WeChat pushes it back as the EventKey of the scan. */
export function mpQrcodeRequest(
  accessToken: string,
  sceneId: string,
  expireSeconds: number,
): { url: string; body: string } {
  return {
    url: `${API}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(accessToken)}`,
    body: JSON.stringify({
      expire_seconds: expireSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: sceneId } },
    }),
  };
}

export const mpShowQrcodeUrl = (ticket: string): string =>
  `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;

/** The server-configuration signature: SHA-1 of token, timestamp and nonce sorted and joined. */
export function mpSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function mpSignatureValid(
  token: string,
  q: { signature?: string; timestamp?: string; nonce?: string },
): boolean {
  if (!q.signature || !q.timestamp || !q.nonce) return false;
  const expected = Buffer.from(mpSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export interface MpEvent {
  toUser: string;
  openId: string;
  msgType: string;
  event: string;
  /** The scene of a parameter QR code: the `qrscene_` prefix of a subscribe event is removed. */
  sceneId: string;
}

function tag(xml: string, name: string): string {
  const m = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(xml);
  return (m?.[1] ?? m?.[2] ?? '').trim();
}

/** Reads the plaintext push of a scan (event SCAN) or of a follow through a QR code (event subscribe). */
export function parseMpEvent(xml: string): MpEvent {
  const event = tag(xml, 'Event');
  const key = tag(xml, 'EventKey');
  return {
    toUser: tag(xml, 'ToUserName'),
    openId: tag(xml, 'FromUserName'),
    msgType: tag(xml, 'MsgType'),
    event,
    sceneId: event === 'subscribe' && key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : key,
  };
}

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A passive text reply shown to the person in the WeChat chat. */
export function mpTextReply(toOpenId: string, fromAccount: string, content: string, now = Date.now()): string {
  return `<xml><ToUserName>${cdata(toOpenId)}</ToUserName><FromUserName>${cdata(fromAccount)}</FromUserName><CreateTime>${Math.floor(now / 1000)}</CreateTime><MsgType>${cdata('text')}</MsgType><Content>${cdata(content)}</Content></xml>`;
}

export interface MpConfig {
  appId: string;
  appSecret: string;
  token: string;
}

export class MpWechatLogin implements WechatLoginProvider {
  readonly kind = 'mp' as const;
  private readonly cfg: MpConfig;
  private readonly kv: KeyValue;
  private readonly fetchImpl: Fetch;
  constructor(cfg: MpConfig, kv: KeyValue, fetchImpl: Fetch = fetch) {
    this.cfg = cfg;
    this.kv = kv;
    this.fetchImpl = fetchImpl;
  }

  async qrcode(sceneId: string, expireSeconds: number): Promise<{ qrcodeUrl: string; scanUrl: string }> {
    const req = mpQrcodeRequest(await this.accessToken(), sceneId, expireSeconds);
    const body = await this.json<{ ticket?: string }>(req.url, {
      method: 'POST',
      body: req.body,
      headers: { 'content-type': 'application/json' },
    });
    if (!body.ticket) throw new Error('微信二维码接口未返回 ticket');
    return { qrcodeUrl: mpShowQrcodeUrl(body.ticket), scanUrl: '' };
  }

  /** The access token is shared by every process through the key-value store and renewed before it lapses. */
  async accessToken(): Promise<string> {
    const key = `wechat:mp:token:${this.cfg.appId}`;
    const cached = await this.kv.get<string>(key);
    if (cached) return cached;
    const body = await this.json<{ access_token?: string; expires_in?: number }>(
      mpTokenUrl(this.cfg.appId, this.cfg.appSecret),
    );
    if (!body.access_token) throw new Error('微信 access_token 接口未返回令牌');
    await this.kv.set(key, body.access_token, Math.max(60, (body.expires_in ?? 7200) - 300) * 1000);
    return body.access_token;
  }

  private async json<T>(url: string, init: RequestInit = {}): Promise<T> {
    const res = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as T & { errcode?: number; errmsg?: string };
    if (body.errcode) throw new Error(`微信接口错误 ${body.errcode}：${body.errmsg ?? ''}`);
    return body;
  }
}

/** The development stand-in: the QR code opens our own scan page, where a browser plays the phone. */
export class DevWechatLogin implements WechatLoginProvider {
  readonly kind = 'dev' as const;
  private readonly draw: (text: string) => Promise<string>;
  constructor(draw: (text: string) => Promise<string>) {
    this.draw = draw;
  }
  async qrcode(
    sceneId: string,
    _expireSeconds: number,
    origin: string,
  ): Promise<{ qrcodeUrl: string; scanUrl: string }> {
    const scanUrl = `${origin}/qrcode/scan?scene=${encodeURIComponent(sceneId)}`;
    return { qrcodeUrl: await this.draw(scanUrl), scanUrl };
  }
}
