import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SmsInbox } from '../../testing/sms-inbox.ts';
import { smsCode, user } from '../../db/schema/user.ts';

let t: TestApp;
let inbox: SmsInbox;
let ipSeq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => {
  inbox = new SmsInbox();
  t.platform.sms = inbox;
});

/** Each test speaks from its own address, so per-IP limits of one test do not leak into the next. */
const from = () => ({ 'x-forwarded-for': `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}` });
const users = async () => (await t.platform.db.select({ n: count() }).from(user))[0]!.n;

async function codeFor(mobile: string, headers = from()) {
  const res = await t.call('/user/api/user/send/code', { mobile }, { headers });
  expect(res.code).toBe(200);
  return inbox.last(mobile);
}

describe('register', () => {
  it('registers with an SMS code, logs in, and binds the referrer', async () => {
    const code = await codeFor('13900000001');
    const res = await t.call(
      '/user/api/user/register',
      { mobile: '13900000001', code, password: 'abc12345', referralCode: 'DEMO1' },
      { headers: from() },
    );
    expect(res.code).toBe(200);
    expect(res.data.userInfo).toMatchObject({ mobile: '13900000001', nickname: '学员0001', userType: 1, isVip: 0 });
    const me = await t.call('/user/auth/user/ext/view', {}, { headers: { token: res.data.token } });
    expect(me.data.id).toBe(res.data.userInfo.id);
    const [row] = await t.platform.db.select().from(user).where(eq(user.mobile, '13900000001'));
    const [referrer] = await t.platform.db.select().from(user).where(eq(user.referralCode, 'DEMO1'));
    expect(row!.referrerId).toBe(referrer!.id);
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('sets the 1-day HttpOnly cookie for web logins', async () => {
    const code = await codeFor('13900000002');
    const res = await t.raw({
      method: 'POST',
      url: '/apis/user/api/user/register',
      headers: { 'content-type': 'application/json', ...from() },
      payload: { mobile: '13900000002', code, password: 'abc12345' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/RC_WEB_TOKEN=[\w-]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it('refuses wrong, expired and reused codes, a weak password and a taken mobile, creating nothing', async () => {
    const before = await users();
    const code = await codeFor('13900000003');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await t.call('/user/api/user/register', { mobile: '13900000003', code: wrong, password: 'abc12345' })).msg,
    ).toBe('短信验证码不正确');
    expect((await t.call('/user/api/user/register', { mobile: '13900000003', code, password: 'abcdefgh' })).msg).toBe(
      '密码至少 8 位，且须同时包含字母和数字',
    );
    expect((await t.call('/user/api/user/register', { mobile: '13900000003', code, password: 'abc123' })).msg).toBe(
      '密码至少 8 位，且须同时包含字母和数字',
    );
    expect((await t.call('/user/api/user/register', { mobile: '13800000001', code, password: 'abc12345' })).msg).toBe(
      '该手机号已注册，请直接登录',
    );
    expect((await t.call('/user/api/user/register', { mobile: '1390000000', code, password: 'abc12345' })).msg).toBe(
      '请填写正确的 11 位手机号',
    );
    expect(await users()).toBe(before);

    const ok = await t.call('/user/api/user/register', { mobile: '13900000003', code, password: 'abc12345' });
    expect(ok.code).toBe(200);
    const reused = await t.call('/user/api/user/login/code', { mobile: '13900000003', code });
    expect(reused.msg).toBe('请先获取短信验证码');

    const code2 = await codeFor('13900000004');
    await t.platform.db
      .update(smsCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCode.mobile, '13900000004'));
    expect(
      (await t.call('/user/api/user/register', { mobile: '13900000004', code: code2, password: 'abc12345' })).msg,
    ).toBe('短信验证码已过期，请重新获取');
    expect(await users()).toBe(before + 1);
  });

  it('spends a code after 5 wrong guesses', async () => {
    const code = await codeFor('13900000005');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await t.call('/user/api/user/register', { mobile: '13900000005', code: wrong, password: 'abc12345' });
    expect(
      (await t.call('/user/api/user/register', { mobile: '13900000005', code: wrong, password: 'abc12345' })).msg,
    ).toBe('短信验证码错误次数过多，请重新获取');
    expect((await t.call('/user/api/user/register', { mobile: '13900000005', code, password: 'abc12345' })).msg).toBe(
      '请先获取短信验证码',
    );
  });
});

describe('SMS limits', () => {
  it('allows one code a minute and 10 a day per mobile', async () => {
    await codeFor('13900000010');
    const again = await t.call('/user/api/user/send/code', { mobile: '13900000010' }, { headers: from() });
    expect(again.msg).toMatch(/^验证码发送太频繁，请 (5\d|60) 秒后再试$/);
    // nine more earlier today (back-dated past the one-minute interval)
    for (let i = 0; i < 9; i++) {
      await t.platform.db
        .update(smsCode)
        .set({ gmtCreate: new Date(Date.now() - 120_000) })
        .where(eq(smsCode.mobile, '13900000010'));
      await codeFor('13900000010');
    }
    await t.platform.db
      .update(smsCode)
      .set({ gmtCreate: new Date(Date.now() - 120_000) })
      .where(eq(smsCode.mobile, '13900000010'));
    const eleventh = await t.call('/user/api/user/send/code', { mobile: '13900000010' }, { headers: from() });
    expect(eleventh.msg).toBe('该手机号今天获取验证码的次数已达上限，请明天再试');
    expect(inbox.sent.filter((s) => s.mobile === '13900000010')).toHaveLength(10);
  });

  it('limits codes per IP', async () => {
    const ip = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < 20; i++)
      expect(
        (await t.call('/user/api/user/send/code', { mobile: `1370000${String(i).padStart(4, '0')}` }, { headers: ip }))
          .code,
      ).toBe(200);
    expect((await t.call('/user/api/user/send/code', { mobile: '13799999999' }, { headers: ip })).msg).toBe(
      '当前网络获取验证码过于频繁，请一小时后再试',
    );
  });
});

describe('password login', () => {
  it('logs in with the demo password', async () => {
    const res = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000002', password: 'Demo1234' },
      { headers: from() },
    );
    expect(res.data.userInfo).toMatchObject({ nickname: '王老师', userType: 2 });
  });

  it('asks for a captcha after 3 failures of a mobile, from anywhere, but never locks its owner out', async () => {
    const ip = from();
    const attempt = (extra: Record<string, string> = {}, headers = ip) =>
      t.call(
        '/user/api/user/login/password',
        { mobile: '13800000003', password: 'wrong-pass1', ...extra },
        { headers },
      );
    const withCaptcha = async (extra: Record<string, string>, headers = ip) => {
      const { data } = await t.call('/user/api/user/captchaImage', undefined, { method: 'GET' });
      expect(data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      const answer = (await t.services.captcha.peek(data.verToken))!;
      return attempt({ verToken: data.verToken, verCode: answer.toUpperCase(), ...extra }, headers);
    };
    for (let i = 0; i < 3; i++) expect((await attempt()).msg).toBe('手机号或密码不正确');
    expect(await attempt()).toMatchObject({ code: 999, msg: '请输入图形验证码', data: { needCaptcha: true } });
    for (let i = 0; i < 17; i++) expect((await withCaptcha({})).msg).toBe('手机号或密码不正确');
    // the owner, elsewhere, is asked for the captcha too, and with it gets in
    const owner = from();
    expect((await attempt({ password: 'Demo1234' }, owner)).msg).toBe('请输入图形验证码');
    expect((await withCaptcha({ password: 'Demo1234' }, owner)).code).toBe(200);
  });

  it('makes an address that keeps failing wait, whatever mobiles it tries, and only that address', async () => {
    const ip = from();
    let waited: { code: number; msg: string } | undefined;
    // 40 failures from one address (it may be a school's: it counts a quarter) over 40 mobiles, none of them 3 times
    for (let i = 0; i < 40 && !waited; i++) {
      const res = await t.call(
        '/user/api/user/login/password',
        { mobile: `1370000${String(i).padStart(4, '0')}`, password: 'wrong-pass1' },
        { headers: ip },
      );
      if (res.msg.startsWith('此网络')) waited = res;
      else if (res.msg === '请输入图形验证码') {
        const { data } = await t.call('/user/api/user/captchaImage', undefined, { method: 'GET' });
        const answer = (await t.services.captcha.peek(data.verToken))!;
        const again = await t.call(
          '/user/api/user/login/password',
          {
            mobile: `1370000${String(i).padStart(4, '0')}`,
            password: 'wrong-pass1',
            verToken: data.verToken,
            verCode: answer,
          },
          { headers: ip },
        );
        if (again.msg.startsWith('此网络')) waited = again;
      }
    }
    const right = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000004', password: 'Demo1234' },
      { headers: ip },
    );
    expect(right.msg).toMatch(/^此网络的密码错误次数过多，请 \d+ 分钟后再试，或使用短信验证码登录$/);
    const elsewhere = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000004', password: 'Demo1234' },
      { headers: from() },
    );
    expect(elsewhere.code).toBe(200);
  });

  it('refuses a wrong captcha and spends it', async () => {
    const ip = from();
    for (let i = 0; i < 3; i++)
      await t.call('/user/api/user/login/password', { mobile: '13900000001', password: 'nope12345' }, { headers: ip });
    const { data } = await t.call('/user/api/user/captchaImage', undefined, { method: 'GET' });
    const answer = (await t.services.captcha.peek(data.verToken))!;
    const res = await t.call(
      '/user/api/user/login/password',
      { mobile: '13900000001', password: 'abc12345', verToken: data.verToken, verCode: 'zzzz' },
      { headers: ip },
    );
    expect(res.msg).toBe('图形验证码不正确，请重新输入');
    const again = await t.call(
      '/user/api/user/login/password',
      { mobile: '13900000001', password: 'abc12345', verToken: data.verToken, verCode: answer },
      { headers: ip },
    );
    expect(again.msg).toBe('图形验证码已过期，请点击图片换一张');
  });
});

describe('sessions', () => {
  it('one web session per user: the older token answers 304', async () => {
    const a = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000001', password: 'Demo1234' },
      { headers: from() },
    );
    const b = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000001', password: 'Demo1234' },
      { headers: from() },
    );
    const first = await t.call('/user/auth/user/ext/view', {}, { headers: { token: a.data.token } });
    expect(first).toMatchObject({ code: 304, msg: '您的账号已在其他地方登录！' });
    expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token: b.data.token } })).code).toBe(200);
  });

  it('logout ends the session on the server', async () => {
    const a = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000002', password: 'Demo1234', clientType: 2 },
      { headers: from() },
    );
    expect(
      (await t.call('/user/auth/user/ext/exit/login', { clientType: 1 }, { headers: { token: a.data.token } })).code,
    ).toBe(200);
    expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token: a.data.token } })).code).toBe(302);
  });

  it('code login and password reset', async () => {
    const code = await codeFor('13800000002');
    const res = await t.call('/user/api/user/login/code', { mobile: '13800000002', code }, { headers: from() });
    expect(res.data.userInfo.mobile).toBe('13800000002');
    expect((await t.call('/user/api/user/login/code', { mobile: '13911111111', code: '123456' })).msg).toBe(
      '该手机号尚未注册，请先注册',
    );
    await t.platform.db
      .update(smsCode)
      .set({ gmtCreate: new Date(Date.now() - 120_000) })
      .where(eq(smsCode.mobile, '13800000002'));
    const code2 = await codeFor('13800000002');
    expect(
      (await t.call('/user/api/user/update/password', { mobile: '13800000002', code: code2, password: 'Demo1234' }))
        .msg,
    ).toBe('新密码不能与原密码相同');
    const app = await t.call(
      '/user/api/user/login/password',
      { mobile: '13800000002', password: 'Demo1234', clientType: 2 },
      { headers: from() },
    );
    expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token: app.data.token } })).code).toBe(200);
    expect(
      (await t.call('/user/api/user/update/password', { mobile: '13800000002', code: code2, password: 'NewPass123' }))
        .code,
    ).toBe(200);
    // every session of the account ends with the old password: the web login above and the app one
    for (const token of [res.data.token, app.data.token])
      expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token } })).code).toBe(302);
    expect(
      (
        await t.call(
          '/user/api/user/login/password',
          { mobile: '13800000002', password: 'NewPass123' },
          { headers: from() },
        )
      ).code,
    ).toBe(200);
  });
});

describe('profile', () => {
  it('updates nickname and head image of the caller only', async () => {
    const a = await t.call(
      '/user/api/user/login/password',
      { mobile: '13900000002', password: 'abc12345' },
      { headers: from() },
    );
    const res = await t.call(
      '/user/auth/user/ext/update',
      { nickname: '小明', headImgUrl: '/media/images/x.png' },
      { headers: { token: a.data.token } },
    );
    expect(res.data).toMatchObject({ nickname: '小明', headImgUrl: '/media/images/x.png', mobile: '13900000002' });
    await t.call('/user/auth/user/ext/view', {}, { headers: { token: a.data.token } }); // cached now
    await t.call('/user/auth/user/ext/update', { nickname: '小明同学' }, { headers: { token: a.data.token } });
    expect((await t.call('/user/auth/user/ext/view', {}, { headers: { token: a.data.token } })).data.nickname).toBe(
      '小明同学',
    );
    expect(
      (
        await t.call(
          '/user/auth/user/ext/update',
          { headImgUrl: 'javascript:alert(1)' },
          { headers: { token: a.data.token } },
        )
      ).msg,
    ).toBe('头像地址不正确，请重新上传');
    expect(
      (await t.call('/user/auth/user/ext/update', { nickname: '' }, { headers: { token: a.data.token } })).msg,
    ).toBe('请填写昵称');
  });
});
