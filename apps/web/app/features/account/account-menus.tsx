import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router';
import { Link } from '../../components/link.tsx';
import { UserType } from '#contract/user.ts';
import type { SessionUser } from '../../lib/session.ts';
import { earnsMoney } from './earns-money.ts';

interface Entry {
  label: string;
  to: string;
}

/** Spec §2: paths on which the study menu replaces the side menu. */
const STUDY_PATHS = [
  '/account/study',
  '/account/course',
  '/account/grades/my',
  '/account/exams/myExam',
  '/account/error',
  '/account/notes',
  '/account/collection',
];

export function usesStudyMenu(pathname: string): boolean {
  return STUDY_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

const STUDY_ENTRIES: Entry[] = [
  { label: '我的课程', to: '/account/course' },
  { label: '学习记录', to: '/account/study' },
  { label: '我的选课', to: '/account/grades/my' },
  { label: '我的试卷', to: '/account/exams/myExam' },
  { label: '错题记录', to: '/account/error/problem' },
  { label: '我的笔记', to: '/account/notes' },
  { label: '我的收藏', to: '/account/collection' },
];

/**
 * Spec §2 entries, plus the account pages the spec has but reaches from nowhere else: messages (also the header
 * bell), followed lecturers, and the lecturer entry (lecturer info for lecturers and organisations, the
 * application for everyone else). See docs/decisions/0014-web-sessions-and-account-pages.md.
 */
function sideEntries(user: SessionUser | null, isGradeAdmin: boolean): Entry[] {
  const entries: Entry[] = [
    { label: '个人信息', to: '/account/info' },
    { label: '我的消息', to: '/account/message' },
    { label: '我的订单', to: '/account/order' },
    { label: '学习记录', to: '/account/study' },
    { label: '我的关注', to: '/account/attention' },
    { label: '我的问答', to: '/account/ques' },
    // an organisation does not apply as a lecturer: its centre is where it manages its lecturers (decision 47)
    user?.userType === UserType.ORGANISATION
      ? { label: '机构中心', to: '/account/organisation' }
      : { label: user?.userType === UserType.LECTURER ? '讲师信息' : '讲师入驻', to: '/account/teacher' },
    { label: '意见反馈', to: '/account/feedback' },
    { label: '修改密码', to: '/account/reset' },
  ];
  if (user?.userType === UserType.LECTURER) {
    entries.splice(
      6,
      0,
      { label: '点播课程', to: '/account/vod' },
      { label: '资源管理', to: '/account/resource' },
      { label: '文库管理', to: '/account/library' },
      { label: '学员进度', to: '/account/vod/progress' },
      { label: '课时练习', to: '/account/vod/praxis' },
      { label: '直播管理', to: '/account/live' },
      { label: '直播练习', to: '/account/live/praxis' },
      { label: '直播间设置', to: '/account/channel' },
    );
  }
  if (user?.isRecommended === 1) entries.push({ label: '我的推荐', to: '/account/recommend' });
  if (user && earnsMoney(user))
    entries.push({ label: '我的收益', to: '/account/earnings' }, { label: '提现', to: '/account/draw_money' });
  // lecturers and organisations run classes (grade.policy.ts mayRunGrades)
  if (user && user.userType !== UserType.NORMAL) entries.push({ label: '我教的班级', to: '/account/grades/teacher' });
  if (isGradeAdmin) entries.push({ label: '班级管理', to: '/account/grades/admin' });
  return entries;
}

function Entries({ entries }: { entries: Entry[] }) {
  return (
    <nav className="qk-account-menu__list">
      {entries.map((e) => (
        <NavLink key={e.to} to={e.to} end className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
          {e.label}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * Spec §2 account side menu: avatar, name, VIP mark or '立即开通会员', then the entries. `isGradeAdmin` comes
 * from a server check that arrives with classes.
 */
export function AccountMenu({
  user,
  study,
  isGradeAdmin = false,
}: {
  user: SessionUser | null;
  study: boolean;
  isGradeAdmin?: boolean;
}) {
  const name = user ? user.nickname || user.mobile : '';
  return (
    <aside className="qk-account-menu">
      <div className="qk-account-menu__user">
        <Avatar src={user?.headImgUrl || undefined} icon={<UserOutlined />} size={64} alt={name || '头像'} />
        {name ? <div className="qk-account-menu__name">{name}</div> : null}
        {user?.isVip === 1 ? (
          <Link
            to="/vip"
            className="qk-vip"
            title={user.vipExpireTime ? `会员有效期至 ${user.vipExpireTime}` : undefined}
          >
            VIP
          </Link>
        ) : (
          <Link to="/vip" className="qk-account-menu__vip">
            立即开通会员
          </Link>
        )}
      </div>
      <Entries entries={study ? STUDY_ENTRIES : sideEntries(user, isGradeAdmin)} />
    </aside>
  );
}
