import { DatePicker, Form, Image, Input, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { adminAdv } from '#contract/admin.ts';
import type { CallData } from '#contract/call.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems, TargetItem } from '../../features/admin/form-items.tsx';
import { ImageField } from '../../features/admin/image-field.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/adv.ts';

type Row = CallData<typeof adminAdv.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '广告 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminAdv.list) };
}

const TIME = 'YYYY-MM-DD HH:mm:ss';
const toDay = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);
const toText = (v: unknown) => (dayjs.isDayjs(v) ? (v as Dayjs).format(TIME) : '');

// Platform 0 is the PC site (roncoo PlatformShow, and the public adv list's default).
const platforms = [
  { value: 0, label: 'PC 端' },
  { value: 1, label: '移动端' },
];

function windowText(row: Row) {
  if (!row.beginTime && !row.endTime) return '长期';
  return `${row.beginTime || '即日起'} 至 ${row.endTime || '长期'}`;
}

const adv: ListResource<Row> = {
  noun: '广告',
  calls: adminAdv,
  nameOf: (row) => row.advTitle,
  modalWidth: 720,
  columns: [
    {
      title: '图片',
      dataIndex: 'advImg',
      width: 140,
      render: (v: string) => <Image src={v} alt="" width={120} height={48} style={{ objectFit: 'cover' }} />,
    },
    { title: '广告标题', dataIndex: 'advTitle' },
    {
      title: '链接',
      dataIndex: 'advUrl',
      ellipsis: true,
      render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
    },
    {
      title: '平台',
      dataIndex: 'platShow',
      width: 90,
      render: (v: number) => platforms.find((p) => p.value === v)?.label ?? v,
    },
    { title: '投放时间', key: 'window', width: 330, render: (_: unknown, row: Row) => windowText(row) },
  ],
  defaults: {
    advTitle: '',
    advImg: '',
    advUrl: '',
    advTarget: '_blank',
    platShow: 0,
    beginTime: null,
    endTime: null,
    sort: 100,
    statusId: 1,
  },
  toForm: (row) => ({ ...row, beginTime: toDay(row.beginTime), endTime: toDay(row.endTime) }),
  fromForm: (v) => ({ ...v, beginTime: toText(v.beginTime), endTime: toText(v.endTime) }),
  fields: (
    <>
      <Form.Item name="advTitle" label="广告标题" rules={[{ required: true, message: '请填写广告标题' }]}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item
        name="advImg"
        label="广告图片"
        rules={[{ required: true, message: '请上传广告图片' }]}
        extra="首页轮播图下方的横条，宽 1200、高 120 像素，图片按此比例居中裁切"
      >
        <ImageField previewWidth={320} previewHeight={120} />
      </Form.Item>
      <Form.Item name="advUrl" label="链接地址">
        <Input maxLength={500} placeholder="点击广告后打开的地址，可不填" />
      </Form.Item>
      <TargetItem name="advTarget" />
      <Form.Item name="platShow" label="投放平台">
        <Radio.Group options={platforms} />
      </Form.Item>
      <Form.Item label="投放时间" extra="不填开始时间即刻投放，不填结束时间长期投放">
        <Form.Item name="beginTime" noStyle>
          <DatePicker showTime format={TIME} placeholder="开始时间" />
        </Form.Item>
        <span style={{ margin: '0 8px' }}>至</span>
        <Form.Item name="endTime" noStyle>
          <DatePicker showTime format={TIME} placeholder="结束时间" />
        </Form.Item>
      </Form.Item>
      <SortStatusItems />
    </>
  ),
};

export default function AdminAdv({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      resource={adv}
      rows={loaderData.rows}
      title="广告"
      description="启用且在投放时间内的广告会显示在网站上。"
    />
  );
}
