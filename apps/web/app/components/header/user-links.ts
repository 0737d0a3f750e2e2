import { UserType } from '#contract/user.ts';
import type { SessionUser } from '../../lib/session.ts';

export interface MenuLink {
  label: string;
  to: string;
}

/** Spec §2 header avatar popover: user-centre links, role links and community links. */
export function userCentreLinks(user: SessionUser): MenuLink[] {
  const links: MenuLink[] = [
    { label: '我的课程', to: '/account/course' },
    { label: '我的考试', to: '/account/exams/myExam' },
    { label: '我的班级', to: '/account/grades/my' },
    { label: '学习记录', to: '/account/study' },
    { label: '我的订单', to: '/account/order' },
    { label: '我的收藏', to: '/account/collection' },
  ];
  // spec §2: organisation users get an extra organisation centre link (decision 47)
  if (user.userType === UserType.ORGANISATION) links.push({ label: '机构中心', to: '/account/organisation' });
  return links;
}

export function lecturerLinks(user: SessionUser): MenuLink[] {
  if (user.userType !== UserType.LECTURER) return [];
  return [
    { label: '点播课程管理', to: '/account/vod' },
    { label: '直播管理', to: '/account/live' },
    { label: '直播间设置', to: '/account/channel' },
    { label: '试卷管理', to: '/account/exams/examAdmin' },
    { label: '试题管理', to: '/account/subject' },
    { label: '讲师信息', to: '/account/teacher' },
  ];
}

export const communityLinks: MenuLink[] = [
  { label: '写博客', to: '/blog/account/write' },
  { label: '提问题', to: '/question/account/write' },
  { label: '我的博客', to: '/blog/account' },
  { label: '我的问答', to: '/account/ques' },
];
