import { z } from './zod-config.ts';
import { defineCall, Empty, optionalText, PageQuery, pageOf, text } from './call.ts';
import { SmsCode } from './user.ts';

/* ---- bank card (for payouts) ---- */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** The check digit of an 18-digit resident ID (GB 11643). */
export function isResidentId(v: string): boolean {
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17];
}

export const BankAccount = z.object({
  bankCardNo: z.string(),
  bankName: z.string(),
  bankBranchName: z.string(),
  bankUserName: z.string(),
  bankIdCardNo: z.string(),
  gmtModified: z.string(),
});
export type TBankAccount = z.output<typeof BankAccount>;

export const accountView = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/view',
  access: 'auth',
  summary: '我的银行卡（卡号、身份证号只显示首尾；未绑定为 null）',
  body: Empty,
  data: BankAccount.nullable(),
});
export const accountUpdate = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/update',
  access: 'auth',
  summary: '绑定或修改银行卡（需本人手机短信验证码）',
  body: z.object({
    bankCardNo: z
      .string({ error: '请填写银行卡号' })
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { error: '银行卡号应为 12 到 19 位数字' })),
    bankName: text('开户银行', 50),
    bankBranchName: optionalText('开户支行', 100),
    bankUserName: text('持卡人姓名', 30),
    bankIdCardNo: z
      .string({ error: '请填写身份证号' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isResidentId, { error: '身份证号不正确，请核对' }),
    code: SmsCode,
  }),
  data: BankAccount,
});

/* ---- study survey ---- */

export const RESEARCH_OPTIONS = {
  education: ['高中及以下', '大专', '本科', '硕士', '博士'],
  occupation: ['在校学生', 'IT/互联网', '教育培训', '金融', '制造业', '医疗', '政府/事业单位', '自由职业', '其他'],
  learnGoal: ['提升职业技能', '考证考试', '升学深造', '兴趣爱好', '转行求职'],
  interests: ['编程开发', '设计创意', '职场办公', '语言学习', '考试考证', '财经金融', '兴趣生活'],
  weeklyHours: ['3 小时以内', '3-7 小时', '7-14 小时', '14 小时以上'],
  source: ['搜索引擎', '朋友推荐', '社交媒体', '广告', '其他'],
} as const;

const choice = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z.enum(options, { error: `请选择${label}` });

export const ResearchFields = z.object({
  education: choice(RESEARCH_OPTIONS.education, '学历'),
  occupation: choice(RESEARCH_OPTIONS.occupation, '职业'),
  learnGoal: choice(RESEARCH_OPTIONS.learnGoal, '学习目的'),
  interests: z
    .array(choice(RESEARCH_OPTIONS.interests, '感兴趣的方向'), { error: '请选择感兴趣的方向' })
    .min(1, { error: '请至少选择一个感兴趣的方向' })
    .max(RESEARCH_OPTIONS.interests.length, { error: '感兴趣的方向选得太多了' })
    .transform((v) => [...new Set(v)]),
  weeklyHours: choice(RESEARCH_OPTIONS.weeklyHours, '每周学习时长'),
  source: choice(['', ...RESEARCH_OPTIONS.source], '了解渠道').default(''),
  remark: optionalText('其他想法', 500),
});
/** Stored answers are plain text: an option retired later must still read back. */
export const Research = z.object({
  education: z.string(),
  occupation: z.string(),
  learnGoal: z.string(),
  interests: z.array(z.string()),
  weeklyHours: z.string(),
  source: z.string(),
  remark: z.string(),
  gmtModified: z.string(),
});

export const researchSave = defineCall({
  method: 'POST',
  path: '/user/auth/user/research/save',
  access: 'auth',
  summary: '填写学习调研',
  body: ResearchFields,
  data: Research,
});
export const researchEdit = defineCall({
  method: 'POST',
  path: '/user/auth/user/research/edit',
  access: 'auth',
  summary: '修改学习调研',
  body: ResearchFields,
  data: Research,
});
export const researchView = defineCall({
  method: 'POST',
  path: '/user/auth/user/research/view',
  access: 'auth',
  summary: '我的学习调研（未填写为 null）',
  body: Empty,
  data: Research.nullable(),
});

/* ---- referral ---- */

export const RecommendedUser = z.object({
  nickname: z.string(),
  mobile: z.string(),
  headImgUrl: z.string(),
  gmtCreate: z.string(),
});

export const recommendedList = defineCall({
  method: 'POST',
  path: '/user/auth/user/recommended/list',
  access: 'auth',
  summary: '我的推荐：经我的推荐码注册的用户（手机号打码）',
  body: PageQuery,
  data: pageOf(RecommendedUser),
});
export const sharingRecommended = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/sharing/recommended',
  access: 'auth',
  summary: '我的推荐码、分享链接与二维码',
  body: Empty,
  data: z.object({ referralCode: z.string(), shareUrl: z.string(), qrcodeImg: z.string() }),
});

/* ---- face verification ---- */

export const FACE_EXPIRE_SECONDS = 300;
export const FaceState = z.enum(['pending', 'passed', 'failed', 'expired']);
const FaceToken = z
  .string({ error: '人脸核验已失效，请重新发起' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '人脸核验已失效，请重新发起' });

export const faceContrastCode = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/face/contrast/code',
  access: 'auth',
  summary: '发起人脸核验：返回核验地址及其二维码（手机扫码完成，5 分钟内有效）',
  body: z.object({ scene: optionalText('核验场景', 30) }).default({ scene: '' }),
  data: z.object({
    faceToken: z.string(),
    verifyUrl: z.string(),
    qrcodeImg: z.string(),
    expireSeconds: z.number().int(),
  }),
});
export const faceContrastResult = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/face/contrast/result',
  access: 'auth',
  summary: '人脸核验结果（轮询）',
  body: z.object({ faceToken: FaceToken }),
  data: z.object({ state: FaceState }),
});
export const faceContrastFail = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/face/contrast/fail',
  access: 'auth',
  summary: '记录一次人脸核验失败（如摄像头不可用、比对不通过）',
  body: z.object({ faceToken: FaceToken, reason: optionalText('失败原因', 200) }),
  data: z.object({ failCount: z.number().int() }),
});
export const faceDevVerify = defineCall({
  method: 'POST',
  path: '/user/api/user/face/dev/verify',
  access: 'api',
  summary: '（开发环境）模拟手机端完成人脸比对',
  body: z.object({ faceToken: FaceToken, passed: z.boolean({ error: '请选择比对结果' }) }),
  data: z.object({ state: FaceState }),
});
