import { UserType } from '#contract/user.ts';
import type { SessionUser } from '../../lib/session.ts';
import { loginUrl } from '../../lib/login-url.ts';

/** What a lecturer gets here: the recruitment page's four points, on PC and phone alike. */
export const RECRUIT_BENEFITS = [
  { title: '自主定价', text: '录播课、直播课、资源和文库都可以自己定价，学员购买后按分成比例结算到您的账户。' },
  { title: '完整工具', text: '分片上传与自动转码、加密播放、题库组卷、班级管理和学习进度，一站式完成教学。' },
  { title: '平台推广', text: '首页专区、讲师风采、搜索和社区为优质课程带来学员，推荐奖励帮您拓展生源。' },
  { title: '随时提现', text: '收益明细一目了然，绑定银行卡后可随时申请提现，平台审核后打款。' },
];

export const RECRUIT_STEPS = ['注册并登录账号', '提交讲师资料', '平台审核（1–3 个工作日）', '创建课程、开始授课'];

export interface RecruitAction {
  label: string;
  to: string;
  note?: string;
}

/**
 * Where the page's button leads this visitor: guests sign in first, learners apply, lecturers go to their page,
 * and organisations to their centre, since an organisation does not apply as a lecturer (decision 47).
 */
export function recruitAction(user: SessionUser | null): RecruitAction {
  if (!user) return { label: '登录后申请入驻', to: loginUrl('/apply') };
  if (user.userType === UserType.ORGANISATION)
    return {
      label: '进入机构中心',
      to: '/account/organisation',
      note: '机构账号无需申请讲师，在机构中心邀请讲师加入即可。',
    };
  if (user.userType === UserType.LECTURER)
    return { label: '查看讲师信息', to: '/account/teacher', note: '您已是本站讲师。' };
  return { label: '立即申请入驻', to: '/apply' };
}
