import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Statistic } from 'antd';
import { Link } from '../../components/link.tsx';
import {
  adminAdv,
  adminBanner,
  adminLink,
  adminNavArticle,
  adminNavBar,
  adminWebsiteNav,
  adminWebsiteView,
  adminZone,
} from '#contract/admin.ts';
import { adminDashboard } from '#contract/admin-dashboard.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { NewUsersChart, OrdersChart, TodayFigures, WaitingFigures } from '../../features/admin/dashboard-parts.tsx';
import type { Route } from './+types/dashboard.ts';

export const meta: Route.MetaFunction = () => [{ title: '概览 · 青课管理后台' }];

type Counted = Array<{ statusId: number }>;
const counts = (rows: Counted) => ({ total: rows.length, enabled: rows.filter((r) => r.statusId === 1).length });

export async function loader(args: Route.LoaderArgs) {
  const [overview, info, navBar, websiteNav, article, link, banner, adv, zone] = await Promise.all([
    adminLoad(args, adminDashboard),
    adminLoad(args, adminWebsiteView),
    adminLoad(args, adminNavBar.list),
    adminLoad(args, adminWebsiteNav.list),
    adminLoad(args, adminNavArticle.list),
    adminLoad(args, adminLink.list),
    adminLoad(args, adminBanner.list),
    adminLoad(args, adminAdv.list),
    adminLoad(args, adminZone.list),
  ]);
  return {
    overview,
    site: { name: info.siteNamePc, logo: info.logo, telephone: info.telephone, icp: info.icp },
    lists: [
      { label: '头部导航', to: '/admin/nav', ...counts(navBar) },
      { label: '底部导航组', to: '/admin/footer', ...counts(websiteNav) },
      { label: '底部导航文章', to: '/admin/footer', ...counts(article) },
      { label: '友情链接', to: '/admin/link', ...counts(link) },
      { label: '轮播组', to: '/admin/banner', ...counts(banner) },
      { label: '广告', to: '/admin/adv', ...counts(adv) },
      { label: '首页专区', to: '/admin/zone', ...counts(zone) },
    ],
  };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { overview, site, lists } = loaderData;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {overview.waiting.payDifferences > 0 ? (
        <Alert
          type="error"
          showIcon
          title={`有 ${overview.waiting.payDifferences} 笔支付与支付平台对不上，待处理`}
          description="如订单关闭后到账、买家重复支付或对账差异：每一笔都写明了应采取的处理。"
          action={<Link to="/admin/pay-differences">前往处理</Link>}
        />
      ) : null}
      {overview.waiting.reports > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`有 ${overview.waiting.reports} 条社区举报待处理`}
          description="用户举报的博客、问答与评论：查看内容后隐藏或驳回。"
          action={<Link to="/admin/reports?statusId=1">前往处理</Link>}
        />
      ) : null}
      <Card title={`今日概况（${overview.today.date}）`}>
        <TodayFigures today={overview.today} />
      </Card>
      <Card title="待处理">
        <WaitingFigures waiting={overview.waiting} />
      </Card>
      <div style={{ display: 'grid', gridTemplateColumns: '3fr 2fr', gap: 16 }}>
        <Card title="近 30 天订单与收入">
          <OrdersChart days={overview.days} />
        </Card>
        <Card title="近 30 天新用户">
          <NewUsersChart days={overview.days} />
        </Card>
      </div>
      <Card
        title="站点"
        extra={
          <Button type="primary" icon={<ExportOutlined />} href="/" target="_blank" rel="noopener noreferrer">
            打开网站首页
          </Button>
        }
      >
        <div style={{ display: 'flex', gap: 32, alignItems: 'center' }}>
          {site.logo ? (
            <img src={site.logo} alt={site.name} style={{ maxHeight: 56, maxWidth: 220, objectFit: 'contain' }} />
          ) : null}
          <Descriptions column={3} style={{ flex: 1 }}>
            <Descriptions.Item label="网站名称">{site.name}</Descriptions.Item>
            <Descriptions.Item label="服务热线">{site.telephone || '未填写'}</Descriptions.Item>
            <Descriptions.Item label="ICP 备案号">{site.icp || '未填写'}</Descriptions.Item>
          </Descriptions>
          <Link to="/admin/website">修改站点信息</Link>
        </div>
      </Card>
      <Card title="网站内容">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 }}>
          {lists.map((l) => (
            <Link key={l.label} to={l.to} style={{ display: 'block' }}>
              <Card size="small" hoverable>
                <Statistic title={l.label} value={l.total} suffix="项" />
                <div style={{ color: '#888', marginTop: 4 }}>
                  {l.enabled === l.total ? '全部启用' : `启用 ${l.enabled} 项`}
                </div>
              </Card>
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}
