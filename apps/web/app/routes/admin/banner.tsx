import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Image, Input, Space } from 'antd';
import { adminBanner } from '#contract/admin.ts';
import type { CallData } from '#contract/call.ts';
import { Limits } from '#contract/codes.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems, TargetItem } from '../../features/admin/form-items.tsx';
import { ImageField } from '../../features/admin/image-field.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/banner.ts';

type Row = CallData<typeof adminBanner.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '轮播图 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminBanner.list) };
}

// The contract's limit (admin.ts BannerFields) — one group holds at most 20 slides.
const MAX_ITEMS = 20;

function BannerItems() {
  return (
    <Form.List name="data">
      {(fields, { add, remove }) => (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={`第 ${i + 1} 张`}
              extra={
                <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                  移除
                </Button>
              }
            >
              <Form.Item
                name={[field.name, 'img']}
                label="图片"
                rules={[{ required: true, message: '请上传轮播图片' }]}
              >
                <ImageField previewWidth={360} previewHeight={120} />
              </Form.Item>
              <Form.Item name={[field.name, 'title']} label="标题">
                <Input maxLength={100} placeholder="图片的说明文字，可不填" />
              </Form.Item>
              <Form.Item name={[field.name, 'url']} label="链接地址">
                <Input maxLength={500} placeholder="点击图片后打开的地址，可不填" />
              </Form.Item>
              <TargetItem name={[field.name, 'target']} />
            </Card>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_ITEMS}
            onClick={() => add({ img: '', title: '', url: '', target: '_blank' })}
          >
            {fields.length >= MAX_ITEMS ? `一组最多 ${MAX_ITEMS} 张` : `添加一张（${fields.length}/${MAX_ITEMS}）`}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

const banner: ListResource<Row> = {
  noun: '轮播组',
  calls: adminBanner,
  nameOf: (row) => row.code,
  modalWidth: 860,
  columns: [
    { title: '编码', dataIndex: 'code', width: 160 },
    { title: '分组', dataIndex: 'group', width: 100 },
    {
      title: '轮播图',
      dataIndex: 'data',
      render: (items: Row['data']) =>
        items.length === 0 ? (
          '暂无图片'
        ) : (
          <Space size={6} wrap>
            {items.map((item, i) => (
              <Image
                key={i}
                src={item.img}
                alt={item.title}
                width={96}
                height={36}
                style={{ objectFit: 'cover', borderRadius: 2 }}
              />
            ))}
          </Space>
        ),
    },
    { title: '张数', key: 'count', width: 80, render: (_: unknown, row: Row) => row.data.length },
  ],
  defaults: {
    code: '',
    group: Limits.bannerGroupPc,
    data: [{ img: '', title: '', url: '', target: '_blank' }],
    sort: 100,
    statusId: 1,
  },
  fields: (
    <>
      <div style={{ display: 'flex', gap: 24 }}>
        <Form.Item
          name="code"
          label="编码"
          rules={[{ required: true, message: '请填写轮播编码' }]}
          extra="用于区分页面上不同位置的轮播，如 index"
        >
          <Input maxLength={50} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="group"
          label="分组"
          rules={[{ required: true, message: '请填写分组' }]}
          extra="PC 网站读取分组 pc"
        >
          <Input maxLength={20} style={{ width: 240 }} />
        </Form.Item>
      </div>
      <SortStatusItems />
      <Form.Item label="图片">
        <BannerItems />
      </Form.Item>
    </>
  ),
};

export default function AdminBanner({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      resource={banner}
      rows={loaderData.rows}
      title="轮播图"
      description="每组最多 20 张，按顺序轮播；停用的组不在网站上显示。"
    />
  );
}
