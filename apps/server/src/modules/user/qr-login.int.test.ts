import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SmsInbox } from '../../testing/sms-inbox.ts';

let t: TestApp;
let inbox: SmsInbox;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  inbox = new SmsInbox();
  t.platform.sms = inbox;
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const newOpenId = () => `dev_${crypto.randomBytes(16).toString('hex')}`;
const qrcode = async () => (await t.call('/user/api/user/qrcode/getMpQrCodeUrl', undefined, { method: 'GET' })).data;
const check = (sceneId: string) => t.call('/user/api/user/checkQrCodeState', { sceneId });
async function smsFor(mobile: string) {
  expect(
    (await t.call('/user/api/user/send/code', { mobile }, { headers: { 'x-forwarded-for': `10.8.0.${++ip}` } })).code,
  ).toBe(200);
  return inbox.last(mobile);
}

describe('WeChat QR login with the development scan page', () => {
  it('registers a new person: waiting → scanned → bind → logged in', async () => {
    const qr = await qrcode();
    expect(qr.expireSeconds).toBe(120);
    expect(qr.qrcodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(qr.scanUrl).toMatch(new RegExp(`/qrcode/scan\\?scene=${qr.sceneId}$`));
    expect((await check(qr.sceneId)).data).toEqual({ state: 'waiting', token: '', userInfo: null });

    expect((await t.call('/user/api/user/qrcode/dev/scan', { sceneId: qr.sceneId })).data.state).toBe('scanned');
    expect((await check(qr.sceneId)).data.state).toBe('scanned');
    expect(
      (await t.call('/user/api/user/registerByQrcode', { sceneId: qr.sceneId, mobile: '13900005001', code: '123456' }))
        .msg,
    ).toBe('请先用微信扫码并在手机上确认');

    const openId = newOpenId();
    expect((await t.call('/user/api/user/qrcode/dev/confirm', { sceneId: qr.sceneId, openId })).data.state).toBe(
      'bind',
    );
    expect((await check(qr.sceneId)).data.state).toBe('bind');

    const code = await smsFor('13900005001');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await t.call('/user/api/user/registerByQrcode', { sceneId: qr.sceneId, mobile: '13900005001', code: wrong }))
        .msg,
    ).toBe('短信验证码不正确');
    const res = await t.raw({
      method: 'POST',
      url: '/apis/user/api/user/registerByQrcode',
      headers: { 'content-type': 'application/json' },
      payload: { sceneId: qr.sceneId, mobile: '13900005001', code, nickname: '微信新用户' },
    });
    const body = res.json();
    expect(body.data.userInfo).toMatchObject({ mobile: '13900005001', nickname: '微信新用户', userType: 1 });
    expect(String(res.headers['set-cookie'])).toContain('RC_WEB_TOKEN=');
    expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token: body.data.token } })).data.mobile).toBe(
      '13900005001',
    );
    expect((await check(qr.sceneId)).data.state).toBe('expired');

    // the same WeChat identity next time logs straight in, once per code
    const next = await qrcode();
    expect((await t.call('/user/api/user/qrcode/dev/confirm', { sceneId: next.sceneId, openId })).data.state).toBe(
      'success',
    );
    const ok = await check(next.sceneId);
    expect(ok.data.state).toBe('success');
    expect(ok.data.userInfo.mobile).toBe('13900005001');
    expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token: ok.data.token } })).code).toBe(200);
    expect((await check(next.sceneId)).data).toEqual({ state: 'expired', token: '', userInfo: null });
  });

  it('binds an existing account by its mobile, and only one WeChat per account', async () => {
    const qr = await qrcode();
    await t.call('/user/api/user/qrcode/dev/confirm', { sceneId: qr.sceneId, openId: newOpenId() });
    const res = await t.call('/user/api/user/registerByQrcode', {
      sceneId: qr.sceneId,
      mobile: '13800000003',
      code: await smsFor('13800000003'),
    });
    expect(res.data.userInfo).toMatchObject({ mobile: '13800000003', nickname: '青课教育机构', userType: 3 });

    const again = await qrcode();
    await t.call('/user/api/user/qrcode/dev/confirm', { sceneId: again.sceneId, openId: newOpenId() });
    const refused = await t.call('/user/api/user/registerByQrcode', {
      sceneId: again.sceneId,
      mobile: '13800000003',
      code: '123456',
    });
    expect(refused.msg).toBe('该手机号已绑定其他微信，请使用手机号登录');
  });

  it('expires a code after two minutes', async () => {
    const qr = await qrcode();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 121_000);
    expect((await check(qr.sceneId)).data.state).toBe('expired');
    expect((await t.call('/user/api/user/qrcode/dev/scan', { sceneId: qr.sceneId })).data.state).toBe('expired');
    expect(
      (await t.call('/user/api/user/registerByQrcode', { sceneId: qr.sceneId, mobile: '13900005002', code: '123456' }))
        .msg,
    ).toBe('二维码已过期，请刷新后重新扫码');
  });

  it('refuses a malformed scene or identity', async () => {
    expect((await check('short')).msg).toBe('二维码已失效，请刷新二维码');
    const qr = await qrcode();
    expect(
      (await t.call('/user/api/user/qrcode/dev/confirm', { sceneId: qr.sceneId, openId: 'someone-else' })).msg,
    ).toBe('模拟微信身份应为 dev_ 加 32 位十六进制字符');
    expect((await check(qr.sceneId)).data.state).toBe('waiting');
  });
});

describe('QR login switched off', () => {
  it('tells the person to use their mobile', async () => {
    const off = await createTestApp({ demo: false, env: { WECHAT_LOGIN: 'off' } });
    try {
      const res = await off.call('/user/api/user/qrcode/getMpQrCodeUrl', undefined, { method: 'GET' });
      expect(res.msg).toBe('本站未开启微信扫码登录，请使用手机号登录');
      expect((await off.call('/user/api/user/qrcode/dev/scan', { sceneId: 'a'.repeat(22) })).msg).toBe(
        '本站未启用开发环境扫码',
      );
    } finally {
      await off.close();
    }
  });
});
