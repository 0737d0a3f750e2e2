import { Button, Empty, Form, Image, Input, Switch, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { adminNavArticle, adminWebsiteNav } from '#contract/admin.ts';
import type { CallData } from '#contract/call.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { flagSwitch, SortStatusItems } from '../../features/admin/form-items.tsx';
import { ImageField } from '../../features/admin/image-field.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/website-nav.ts';

type NavRow = CallData<typeof adminWebsiteNav.list>[number];
type ArticleRow = CallData<typeof adminNavArticle.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '底部导航与文章 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  const [navs, articles] = await Promise.all([
    adminLoad(args, adminWebsiteNav.list),
    adminLoad(args, adminNavArticle.list),
  ]);
  return { navs, articles };
}

function navResource(articles: ArticleRow[]): ListResource<NavRow> {
  return {
    noun: '导航组',
    calls: adminWebsiteNav,
    nameOf: (row) => row.navName,
    columns: [
      { title: '导航名称', dataIndex: 'navName' },
      {
        title: '“关于我们”中展示',
        dataIndex: 'platShow',
        width: 160,
        render: (v: number) => (v === 1 ? '展示' : <Typography.Text type="secondary">不展示</Typography.Text>),
      },
      {
        title: '资讯中心',
        dataIndex: 'infoShow',
        width: 120,
        render: (v: number) => (v === 1 ? '展示' : <Typography.Text type="secondary">仅底部</Typography.Text>),
      },
      {
        title: '文章数',
        key: 'count',
        width: 90,
        render: (_: unknown, row: NavRow) => articles.filter((a) => a.navId === row.id).length,
      },
    ],
    defaults: { navName: '', platShow: 1, infoShow: 1, sort: 100, statusId: 1 },
    fields: (
      <>
        <Form.Item name="navName" label="导航名称" rules={[{ required: true, message: '请填写导航名称' }]}>
          <Input maxLength={20} showCount placeholder="如：关于我们" />
        </Form.Item>
        <Form.Item name="platShow" label="关于我们" extra="开启后该组文章出现在“关于我们”页面的导航里" {...flagSwitch}>
          <Switch checkedChildren="展示" unCheckedChildren="不展示" />
        </Form.Item>
        <Form.Item
          name="infoShow"
          label="资讯中心"
          extra="开启后该组作为资讯中心（/info）的分类；关闭则只在页面底部展示"
          {...flagSwitch}
        >
          <Switch checkedChildren="展示" unCheckedChildren="仅底部" />
        </Form.Item>
        <SortStatusItems />
      </>
    ),
  };
}

const article: ListResource<ArticleRow> = {
  noun: '文章',
  calls: adminNavArticle,
  nameOf: (row) => row.artTitle,
  modalWidth: 860,
  columns: [
    { title: '文章标题', dataIndex: 'artTitle' },
    {
      title: '配图',
      dataIndex: 'artPic',
      width: 120,
      render: (v: string) => (v ? <Image src={v} alt="" width={80} height={40} style={{ objectFit: 'cover' }} /> : '—'),
    },
  ],
  defaults: { artTitle: '', artPic: '', artDesc: '', sort: 100, statusId: 1 },
  fields: (
    <>
      <Form.Item name="artTitle" label="文章标题" rules={[{ required: true, message: '请填写文章标题' }]}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="artPic" label="配图">
        <ImageField />
      </Form.Item>
      {/* Rich text editing comes with the TipTap editor; until then the body is edited as HTML. */}
      <Form.Item name="artDesc" label="文章内容" extra="HTML 格式，例如 <p>一段文字</p>">
        <Input.TextArea rows={14} style={{ fontFamily: 'monospace', fontSize: 13 }} />
      </Form.Item>
      <SortStatusItems />
    </>
  ),
};

export default function AdminWebsiteNav({ loaderData }: Route.ComponentProps) {
  const { navs, articles } = loaderData;
  const [params, setParams] = useSearchParams();
  const chosen = navs.find((n) => n.id === params.get('nav')) ?? navs[0];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <ListPage
        resource={navResource(articles)}
        rows={navs}
        title="底部导航"
        description="网站底部的导航分组，每组下面是若干篇文章（如“关于我们”下的“平台简介”）。"
        rowActions={(row) => (
          <Button
            type="link"
            size="small"
            disabled={row.id === chosen?.id}
            onClick={() => setParams({ nav: row.id }, { replace: true })}
          >
            {row.id === chosen?.id ? '查看中' : '管理文章'}
          </Button>
        )}
      />
      {chosen ? (
        <ListPage
          key={chosen.id}
          resource={article}
          rows={articles.filter((a) => a.navId === chosen.id)}
          title={`“${chosen.navName}”的文章`}
          fixed={{ navId: chosen.id }}
        />
      ) : (
        <Empty description="先新增一个底部导航组，再为它添加文章" />
      )}
    </div>
  );
}
