import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SmsInbox } from '../../testing/sms-inbox.ts';
import { adminHeaders, demoUser, newUser } from '../../testing/people.ts';

let t: TestApp;
let inbox: SmsInbox;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  inbox = new SmsInbox();
  t.platform.sms = inbox;
});
afterAll(async () => t?.close());

async function smsFor(mobile: string): Promise<string> {
  const res = await t.call(
    '/user/api/user/send/code',
    { mobile },
    { headers: { 'x-forwarded-for': `10.7.0.${++ip}` } },
  );
  expect(res.code).toBe(200);
  return inbox.last(mobile);
}

const card = {
  bankCardNo: '6222 0212 3456 7890 123',
  bankName: '中国工商银行',
  bankBranchName: '北京海淀支行',
  bankUserName: '张三',
  bankIdCardNo: '11010519491231002x',
};

describe('bank card', () => {
  it('is bound with an SMS code to the own mobile and shown masked', async () => {
    const u = await newUser(t, '13900004001');
    expect((await t.call('/user/auth/user/account/view', {}, u.headers)).data).toBeNull();
    const code = await smsFor(u.mobile);
    const saved = await t.call('/user/auth/user/account/update', { ...card, code }, u.headers);
    expect(saved.data).toMatchObject({
      bankCardNo: '6222***********0123',
      bankIdCardNo: '1101**********002X',
      bankUserName: '张三',
      bankName: '中国工商银行',
    });
    expect((await t.call('/user/auth/user/account/view', {}, u.headers)).data.bankCardNo).toBe('6222***********0123');
  });

  it('refuses a bad card, a bad ID number and a wrong code, saving nothing', async () => {
    const u = await newUser(t, '13900004002');
    const code = await smsFor(u.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const update = (body: object) => t.call('/user/auth/user/account/update', { ...card, code, ...body }, u.headers);
    expect((await update({ bankCardNo: '1234' })).msg).toBe('银行卡号应为 12 到 19 位数字');
    expect((await update({ bankIdCardNo: '110105194912310021' })).msg).toBe('身份证号不正确，请核对');
    expect((await update({ bankUserName: '' })).msg).toBe('请填写持卡人姓名');
    expect((await update({ code: wrong })).msg).toBe('短信验证码不正确');
    expect((await t.call('/user/auth/user/account/view', {}, u.headers)).data).toBeNull();
  });

  it('is never read or changed by another user', async () => {
    const owner = await newUser(t, '13900004003');
    const other = await newUser(t, '13900004004');
    const ownerCode = await smsFor(owner.mobile);
    // a code sent to the owner's phone does not work in someone else's session: it is checked against the caller's mobile
    const theft = await t.call(
      '/user/auth/user/account/update',
      { ...card, bankCardNo: '6222000011112222', code: ownerCode },
      other.headers,
    );
    expect(theft.msg).toBe('请先获取短信验证码');
    expect((await t.call('/user/auth/user/account/update', { ...card, code: ownerCode }, owner.headers)).code).toBe(
      200,
    );
    expect((await t.call('/user/auth/user/account/view', {}, other.headers)).data).toBeNull();
    expect((await t.call('/user/auth/user/account/view', {}, owner.headers)).data.bankCardNo).toBe(
      '6222***********0123',
    );
  });
});

const survey = {
  education: '本科',
  occupation: 'IT/互联网',
  learnGoal: '提升职业技能',
  interests: ['编程开发', '编程开发', '设计创意'],
  weeklyHours: '3-7 小时',
};

describe('study survey', () => {
  it('is filled once, then edited', async () => {
    const u = await newUser(t, '13900004010');
    expect((await t.call('/user/auth/user/research/view', {}, u.headers)).data).toBeNull();
    expect((await t.call('/user/auth/user/research/edit', survey, u.headers)).msg).toBe('您还没有填写调研，请先填写');
    const saved = await t.call('/user/auth/user/research/save', survey, u.headers);
    expect(saved.data).toMatchObject({ education: '本科', interests: ['编程开发', '设计创意'], source: '' });
    expect((await t.call('/user/auth/user/research/save', survey, u.headers)).msg).toBe(
      '您已经填写过调研，可以直接修改',
    );
    const edited = await t.call(
      '/user/auth/user/research/edit',
      { ...survey, education: '硕士', source: '朋友推荐' },
      u.headers,
    );
    expect(edited.data).toMatchObject({ education: '硕士', source: '朋友推荐' });
    expect((await t.call('/user/auth/user/research/view', {}, u.headers)).data.education).toBe('硕士');
  });

  it('refuses answers that are not among the options', async () => {
    const u = await newUser(t, '13900004011');
    expect((await t.call('/user/auth/user/research/save', { ...survey, education: '幼儿园' }, u.headers)).msg).toBe(
      '请选择学历',
    );
    expect((await t.call('/user/auth/user/research/save', { ...survey, interests: [] }, u.headers)).msg).toBe(
      '请至少选择一个感兴趣的方向',
    );
    expect((await t.call('/user/auth/user/research/view', {}, u.headers)).data).toBeNull();
  });

  it('keeps each user to their own answers', async () => {
    const owner = await newUser(t, '13900004012');
    const other = await newUser(t, '13900004013');
    await t.call('/user/auth/user/research/save', survey, owner.headers);
    expect((await t.call('/user/auth/user/research/view', {}, other.headers)).data).toBeNull();
    expect((await t.call('/user/auth/user/research/edit', { ...survey, education: '博士' }, other.headers)).msg).toBe(
      '您还没有填写调研，请先填写',
    );
    expect((await t.call('/user/auth/user/research/view', {}, owner.headers)).data.education).toBe('本科');
  });
});

describe('my recommendations', () => {
  it('lists the users my code brought in, with masked mobiles, and gives a share code', async () => {
    const student = await demoUser(t, '13800000001');
    await newUser(t, '13900004020', { referralCode: 'DEMO1', nickname: '新同学' });
    await newUser(t, '13900004021');
    const page = await t.call('/user/auth/user/recommended/list', {}, student.headers);
    expect(page.data.list).toEqual([expect.objectContaining({ nickname: '新同学', mobile: '139****4020' })]);
    expect(page.data.list[0].id).toBeUndefined();
    const share = await t.call('/user/auth/user/ext/sharing/recommended', {}, student.headers);
    expect(share.data.referralCode).toBe('DEMO1');
    expect(share.data.shareUrl).toMatch(/^http:\/\/localhost(:\d+)?\/register\?referralCode=DEMO1$/);
    expect(share.data.qrcodeImg).toMatch(/^data:image\/png;base64,/);
  });

  it('is for recommenders only', async () => {
    const u = await newUser(t, '13900004022');
    expect((await t.call('/user/auth/user/recommended/list', {}, u.headers)).msg).toBe(
      '您还没有推荐资格，如需开通请联系客服',
    );
    expect((await t.call('/user/auth/user/ext/sharing/recommended', {}, u.headers)).msg).toBe(
      '您还没有推荐资格，如需开通请联系客服',
    );
    const admin = await adminHeaders(t);
    await t.call('/user/admin/user/recommended', { id: u.id, isRecommended: 1 }, admin);
    expect((await t.call('/user/auth/user/recommended/list', {}, u.headers)).data.totalCount).toBe(0);
  });
});

describe('face verification (development provider)', () => {
  it('passes when the phone page confirms the face', async () => {
    const u = await newUser(t, '13900004030');
    const start = await t.call('/user/auth/user/ext/face/contrast/code', { scene: 'study' }, u.headers);
    expect(start.data).toMatchObject({
      expireSeconds: 300,
      qrcodeImg: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(start.data.verifyUrl).toContain(`/face/verify?token=${start.data.faceToken}`);
    const result = () =>
      t.call('/user/auth/user/ext/face/contrast/result', { faceToken: start.data.faceToken }, u.headers);
    expect((await result()).data.state).toBe('pending');
    expect(
      (await t.call('/user/api/user/face/dev/verify', { faceToken: start.data.faceToken, passed: true })).data.state,
    ).toBe('passed');
    expect((await result()).data.state).toBe('passed');
    expect(
      (await t.call('/user/auth/user/ext/face/contrast/fail', { faceToken: start.data.faceToken }, u.headers)).msg,
    ).toBe('该次人脸核验已通过');
  });

  it('counts the failures of the day', async () => {
    const u = await newUser(t, '13900004031');
    for (const n of [1, 2]) {
      const { data } = await t.call('/user/auth/user/ext/face/contrast/code', {}, u.headers);
      const failed = await t.call(
        '/user/auth/user/ext/face/contrast/fail',
        { faceToken: data.faceToken, reason: '摄像头不可用' },
        u.headers,
      );
      expect(failed.data.failCount).toBe(n);
      // reporting the same check twice counts once
      expect(
        (await t.call('/user/auth/user/ext/face/contrast/fail', { faceToken: data.faceToken }, u.headers)).data
          .failCount,
      ).toBe(n);
    }
  });

  it('keeps a check to the user who started it', async () => {
    const owner = await newUser(t, '13900004032');
    const other = await newUser(t, '13900004033');
    const { data } = await t.call('/user/auth/user/ext/face/contrast/code', {}, owner.headers);
    expect(
      (await t.call('/user/auth/user/ext/face/contrast/result', { faceToken: data.faceToken }, other.headers)).data
        .state,
    ).toBe('expired');
    expect(
      (await t.call('/user/auth/user/ext/face/contrast/fail', { faceToken: data.faceToken }, other.headers)).msg,
    ).toBe('人脸核验已失效，请重新发起');
    expect(
      (await t.call('/user/auth/user/ext/face/contrast/result', { faceToken: data.faceToken }, owner.headers)).data
        .state,
    ).toBe('pending');
    expect((await t.call('/user/auth/user/ext/face/contrast/result', { faceToken: 'x' }, owner.headers)).msg).toBe(
      '人脸核验已失效，请重新发起',
    );
  });
});
