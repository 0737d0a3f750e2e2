import crypto from 'node:crypto';
import type { JsapiParams, PayClient, PayRequest } from './gateway.ts';
import { rsaSign } from './keys.ts';

/**
 * The three WeChat Pay v3 order calls and what each takes beyond the common fields: Native (a QR code for a
 * computer), H5 (a phone's browser outside WeChat, which WeChat Pay checks by the payer's IP and the Wap scene) and
 * JSAPI (inside WeChat's browser, paid by the openid of the payer under our app id).
 */
export const PREPAY_PATHS: Record<PayClient, string> = {
  pc: '/v3/pay/transactions/native',
  h5: '/v3/pay/transactions/h5',
  wechat: '/v3/pay/transactions/jsapi',
};

export function prepayBody(ids: { appId: string; mchId: string }, req: PayRequest): Record<string, unknown> {
  const client = req.client ?? 'pc';
  const body: Record<string, unknown> = {
    appid: ids.appId,
    mchid: ids.mchId,
    description: req.subject.slice(0, 127),
    out_trade_no: req.serialNumber,
    time_expire: rfc3339Shanghai(req.expiresAt),
    notify_url: req.notifyUrl,
    amount: { total: req.amountFen, currency: 'CNY' },
  };
  if (client === 'h5') {
    // WeChat Pay refuses an H5 order without the payer's IP: it compares it with the address that opens h5_url
    if (!req.clientIp) throw new Error('wechat pay H5 needs the payer client ip');
    body.scene_info = { payer_client_ip: req.clientIp, h5_info: { type: 'Wap' } };
    return body;
  }
  if (client === 'wechat') {
    if (!req.openId) throw new Error('wechat pay JSAPI needs the payer openid');
    body.payer = { openid: req.openId };
  }
  if (req.clientIp) body.scene_info = { payer_client_ip: req.clientIp };
  return body;
}

/**
 * The parameters WeChat's browser takes to open its cashier for a prepay id: the merchant key signs
 * "appId\ntimeStamp\nnonceStr\npackage\n" (WeChat Pay v3 JSAPI 调起支付签名).
 */
export function jsapiParams(appId: string, prepayId: string, key: crypto.KeyObject, now: Date): JsapiParams {
  const timeStamp = String(Math.floor(now.getTime() / 1000));
  const nonceStr = crypto.randomBytes(16).toString('hex');
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(key, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
  };
}

/** WeChat Pay's H5 cashier, told where to send the buyer afterwards (it must be on the domain registered for H5). */
export function h5CashierUrl(h5Url: string, returnUrl: string): string {
  return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;
}

/** 2026-11-22T18:30:00+08:00: WeChat Pay's time format, in Beijing time. */
export function rfc3339Shanghai(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
