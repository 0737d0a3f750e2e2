import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MpWechatLogin, mpSignature } from '../../platform/wechat.ts';

const TOKEN = 'qingketoken';
let t: TestApp;
const requests: Array<{ url: string; body?: string }> = [];

/** WeChat's servers, as far as the adapter talks to them. */
const fakeWechat: typeof fetch = async (input, init) => {
  const url = String(input);
  requests.push({ url, body: init?.body as string | undefined });
  if (url.includes('/cgi-bin/token')) return Response.json({ access_token: 'ACCESS', expires_in: 7200 });
  if (url.includes('/cgi-bin/qrcode/create'))
    return Response.json({ ticket: 'gQH4 ticket/+', expire_seconds: 120, url: 'http://weixin.qq.com/q/x' });
  return Response.json({ errcode: 40001, errmsg: 'invalid' });
};

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    env: { WECHAT_LOGIN: 'mp', WECHAT_MP_APP_ID: 'wx0123', WECHAT_MP_APP_SECRET: 'secret', WECHAT_MP_TOKEN: TOKEN },
  });
  (t.services.qrLogin as any).provider = new MpWechatLogin(
    { appId: 'wx0123', appSecret: 'secret', token: TOKEN },
    t.platform.cache.kv,
    fakeWechat,
  );
});
afterAll(async () => t?.close());

const signed = (extra = '') => {
  const timestamp = '1700000000';
  const nonce = 'n0nce';
  return `/apis/user/callback/wechat/mp?signature=${mpSignature(TOKEN, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}${extra}`;
};
const scanXml = (event: string, key: string) =>
  `<xml><ToUserName><![CDATA[gh_qingke]]></ToUserName><FromUserName><![CDATA[oUser123]]></FromUserName><CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[t]]></Ticket></xml>`;

describe('WeChat official-account login', () => {
  it("shows WeChat's temporary QR code for a string scene", async () => {
    const qr = (await t.call('/user/api/user/qrcode/getMpQrCodeUrl', undefined, { method: 'GET' })).data;
    expect(qr.qrcodeUrl).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH4%20ticket%2F%2B');
    expect(qr.scanUrl).toBe('');
    const create = requests.find((r) => r.url.includes('qrcode/create'))!;
    expect(create.url).toContain('access_token=ACCESS');
    expect(JSON.parse(create.body!)).toEqual({
      expire_seconds: 120,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: qr.sceneId } },
    });
    await t.call('/user/api/user/qrcode/getMpQrCodeUrl', undefined, { method: 'GET' });
    expect(requests.filter((r) => r.url.includes('/cgi-bin/token'))).toHaveLength(1);
  });

  it("answers WeChat's echo check only when the signature is right", async () => {
    expect((await t.raw({ method: 'GET', url: signed('&echostr=hello') })).body).toBe('hello');
    expect(
      (
        await t.raw({
          method: 'GET',
          url: '/apis/user/callback/wechat/mp?signature=bad&timestamp=1&nonce=2&echostr=hello',
        })
      ).body,
    ).toBe('invalid signature');
  });

  it('turns a scan event into a confirmed scene and tells the person what to do next', async () => {
    const qr = (await t.call('/user/api/user/qrcode/getMpQrCodeUrl', undefined, { method: 'GET' })).data;
    const res = await t.raw({
      method: 'POST',
      url: signed(),
      headers: { 'content-type': 'text/xml' },
      payload: scanXml('subscribe', `qrscene_${qr.sceneId}`),
    });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<ToUserName><![CDATA[oUser123]]></ToUserName>');
    expect(res.body).toContain('扫码成功，请在电脑上填写手机号完成绑定');
    expect((await t.call('/user/api/user/checkQrCodeState', { sceneId: qr.sceneId })).data.state).toBe('bind');
    expect(
      (await t.call('/user/api/user/qrcode/dev/confirm', { sceneId: qr.sceneId, openId: `dev_${'0'.repeat(32)}` })).msg,
    ).toBe('本站未启用开发环境扫码');
  });

  it('ignores unsigned pushes and unknown scenes', async () => {
    const qr = (await t.call('/user/api/user/qrcode/getMpQrCodeUrl', undefined, { method: 'GET' })).data;
    const forged = await t.raw({
      method: 'POST',
      url: '/apis/user/callback/wechat/mp?signature=x&timestamp=1&nonce=2',
      headers: { 'content-type': 'text/xml' },
      payload: scanXml('SCAN', qr.sceneId),
    });
    expect(forged.body).toBe('invalid signature');
    expect((await t.call('/user/api/user/checkQrCodeState', { sceneId: qr.sceneId })).data.state).toBe('waiting');
    const stale = await t.raw({
      method: 'POST',
      url: signed(),
      headers: { 'content-type': 'text/xml' },
      payload: scanXml('SCAN', 'a'.repeat(22)),
    });
    expect(stale.body).toContain('二维码已过期');
  });
});
