import { Form, Input } from 'antd';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { adminTerraceDelete, adminTerraceList, adminTerraceSave, adminTerraceUpdate } from '#contract/marketing.ts';
import { RichEditor } from '../../components/rich-editor/rich-editor.tsx';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems } from '../../features/admin/form-items.tsx';
import { ListPage, type ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/terrace.ts';

export const meta: Route.MetaFunction = () => [{ title: '平台介绍页 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminTerraceList) };
}

type Row = CallData<typeof adminTerraceList>[number];

function ContentField({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  return <RichEditor aria-label="正文" value={value} onChange={(html) => onChange?.(html)} minHeight={320} />;
}

const resource: ListResource<Row> = {
  noun: '介绍页',
  calls: { save: adminTerraceSave, update: adminTerraceUpdate, delete: adminTerraceDelete },
  nameOf: (row) => row.title,
  modalWidth: 900,
  columns: [
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, r: Row) => (
        <Link to={`/terrace/${r.id}`} target="_blank">
          {v}
        </Link>
      ),
    },
    { title: '摘要', dataIndex: 'summary', render: (v: string) => v || '—' },
    { title: '更新时间', dataIndex: 'gmtModified', width: 170 },
  ],
  defaults: { title: '', summary: '', content: '', sort: 100, statusId: 1 },
  fields: (
    <>
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="summary" label="摘要" extra="显示在标题下，也用作搜索引擎的页面描述">
        <Input maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="content" label="正文" rules={[{ required: true, message: '请填写正文' }]}>
        <ContentField />
      </Form.Item>
      <SortStatusItems />
    </>
  ),
};

/** /admin/terrace — the platform introduction pages shown at /terrace/:id. */
export default function AdminTerrace({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      resource={resource}
      rows={loaderData.rows}
      title="平台介绍页"
      description="平台介绍、入驻说明等页面，访问地址为 /terrace/页面编号；关闭显示后访客看不到。"
    />
  );
}
