import {
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  CommentOutlined,
  CrownOutlined,
  DashboardOutlined,
  FlagOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LinkOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  PercentageOutlined,
  PictureOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  StopOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Menu, Space } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { adminLogout } from '#contract/admin.ts';
import type { TAdminInfo } from '#contract/admin.ts';
import { api } from '../../api/client.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

interface Section {
  to: string;
  label: string;
  icon: ReactNode;
}

// Grouped as the admin thinks of the work: what the site shows, and the people on it.
const groups: Array<{ label: string | null; sections: Section[] }> = [
  { label: null, sections: [{ to: '/admin', label: '概览', icon: <DashboardOutlined /> }] },
  {
    label: '网站设置',
    sections: [
      { to: '/admin/website', label: '站点信息', icon: <SettingOutlined /> },
      { to: '/admin/nav', label: '头部导航', icon: <MenuOutlined /> },
      { to: '/admin/footer', label: '底部导航与文章', icon: <ProfileOutlined /> },
      { to: '/admin/link', label: '友情链接', icon: <LinkOutlined /> },
      { to: '/admin/banner', label: '轮播图', icon: <PictureOutlined /> },
      { to: '/admin/adv', label: '广告', icon: <NotificationOutlined /> },
      { to: '/admin/zone', label: '专区', icon: <AppstoreOutlined /> },
      { to: '/admin/terrace', label: '平台介绍页', icon: <ProfileOutlined /> },
    ],
  },
  {
    label: '课程',
    sections: [
      { to: '/admin/courses', label: '课程与学习权限', icon: <BookOutlined /> },
      { to: '/admin/course-audits', label: '课程审核', icon: <AuditOutlined /> },
      { to: '/admin/live', label: '正在直播', icon: <VideoCameraOutlined /> },
    ],
  },
  {
    label: '订单与财务',
    sections: [
      { to: '/admin/orders', label: '订单管理', icon: <ShoppingCartOutlined /> },
      { to: '/admin/revenue', label: '收入统计', icon: <LineChartOutlined /> },
      { to: '/admin/withdrawals', label: '提现审核', icon: <WalletOutlined /> },
      { to: '/admin/pay-differences', label: '支付差异', icon: <WalletOutlined /> },
      { to: '/admin/vip-sets', label: '会员套餐', icon: <CrownOutlined /> },
      { to: '/admin/lecturer-shares', label: '讲师分成', icon: <PercentageOutlined /> },
      { to: '/admin/referral', label: '推荐奖励', icon: <ShareAltOutlined /> },
    ],
  },
  {
    label: '考试',
    sections: [
      { to: '/admin/exam-audits', label: '试卷审核', icon: <AuditOutlined /> },
      { to: '/admin/exam-categories', label: '科目与年份', icon: <TagsOutlined /> },
    ],
  },
  {
    label: '班级',
    sections: [{ to: '/admin/grades', label: '班级管理', icon: <SolutionOutlined /> }],
  },
  {
    label: '社区',
    sections: [
      { to: '/admin/blogs', label: '博客管理', icon: <ReadOutlined /> },
      { to: '/admin/questions', label: '问题管理', icon: <QuestionCircleOutlined /> },
      { to: '/admin/answers', label: '回答管理', icon: <CommentOutlined /> },
      { to: '/admin/community-labels', label: '问答标签', icon: <TagsOutlined /> },
      { to: '/admin/reports', label: '举报处理', icon: <FlagOutlined /> },
      { to: '/admin/sensitive-words', label: '敏感词', icon: <StopOutlined /> },
    ],
  },
  {
    label: '用户与讲师',
    sections: [
      { to: '/admin/users', label: '用户管理', icon: <TeamOutlined /> },
      { to: '/admin/lecturer-audits', label: '讲师审核', icon: <AuditOutlined /> },
      { to: '/admin/lecturers', label: '讲师列表', icon: <IdcardOutlined /> },
      { to: '/admin/feedback', label: '意见反馈', icon: <CommentOutlined /> },
      { to: '/admin/counsel', label: '咨询登记', icon: <SolutionOutlined /> },
      { to: '/admin/messages', label: '站内消息', icon: <MailOutlined /> },
    ],
  },
];
const sections = groups.flatMap((g) => g.sections);
const item = (s: Section): MenuItem => ({ key: s.to, icon: s.icon, label: <Link to={s.to}>{s.label}</Link> });
const menuItems = groups.flatMap((g): MenuItem[] =>
  g.label ? [{ type: 'group', key: g.label, label: g.label, children: g.sections.map(item) }] : g.sections.map(item),
);

/** The section a path belongs to: the longest menu path that prefixes it. */
function sectionOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  return sections
    .filter((s) => path === s.to || path.startsWith(`${s.to}/`))
    .reduce((best, s) => (s.to.length > best.length ? s.to : best), '/admin');
}

export function AdminShell({ admin, children }: { admin: TAdminInfo; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = sectionOf(location.pathname);

  async function logout() {
    // Going to the login page is right even if the session had already ended on the server.
    await api(adminLogout, {}, { handle: false }).catch(() => null);
    navigate('/admin/login', { replace: true });
  }

  // Plain elements rather than antd Layout: the extracted antd stylesheet leaves out Layout and Grid (apps/web/vite/antd-css.ts).
  return (
    <div style={{ display: 'flex', minHeight: '100vh', background: '#f5f5f5' }}>
      <aside
        style={{
          width: 220,
          flex: '0 0 220px',
          background: '#001529',
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflowY: 'auto',
        }}
      >
        <Link
          to="/admin"
          style={{
            display: 'block',
            padding: '18px 24px',
            color: '#fff',
            fontSize: 18,
            fontWeight: 600,
            letterSpacing: 1,
          }}
        >
          青课管理后台
        </Link>
        <Menu theme="dark" mode="inline" selectedKeys={[current]} items={menuItems} />
      </aside>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <header
          style={{
            background: '#fff',
            padding: '0 24px',
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #f0f0f0',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <span style={{ fontSize: 16, fontWeight: 500 }}>{sections.find((s) => s.to === current)?.label}</span>
          <Space size={16}>
            <a href="/" target="_blank" rel="noopener noreferrer">
              查看网站
            </a>
            <span>
              <UserOutlined style={{ marginRight: 6 }} />
              {admin.realName || admin.loginName}
            </span>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              退出
            </Button>
          </Space>
        </header>
        <main style={{ padding: 24, flex: 1 }}>{children}</main>
      </div>
    </div>
  );
}
