import { Button, Form, Input } from 'antd';
import type { CallData } from '#contract/call.ts';
import { adminLabel } from '#contract/community-question.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems } from '../../features/admin/form-items.tsx';
import { ListPage, type ListResource } from '../../features/admin/list-page.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/community-labels.ts';

type Row = CallData<typeof adminLabel.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '问答标签 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminLabel.list, { labelType: 2 }) };
}

const labels: ListResource<Row> = {
  noun: '标签',
  calls: adminLabel,
  nameOf: (row) => row.labelName,
  columns: [{ title: '标签名称', dataIndex: 'labelName' }],
  defaults: { labelName: '', sort: 100, statusId: 1 },
  fields: (
    <>
      <Form.Item
        name="labelName"
        label="标签名称"
        rules={[{ required: true, whitespace: true, message: '请填写标签名称' }]}
      >
        <Input maxLength={20} showCount placeholder="如：Java" />
      </Form.Item>
      <SortStatusItems />
    </>
  ),
};

/** The question labels: the tabs of /question and the choices of the ask form. */
export default function AdminCommunityLabels({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  const { call } = useAdminCall();
  // moving a label swaps it with its neighbour and numbers the whole list again, so equal sorts never tie
  const move = (row: Row, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const i = ids.indexOf(row.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    void call(adminLabel.sort, { ids }, '顺序已调整');
  };
  return (
    <ListPage
      resource={labels}
      rows={rows}
      fixed={{ labelType: 2 }}
      title="问答标签"
      description="问答页顶部的标签页，也是提问时可选的标签（每个问题最多 3 个）。停用的标签不能再被选择，已有问题上的仍然显示；删除会把它从所有问题上去掉。"
      rowActions={(row) => (
        <>
          <Button type="link" size="small" aria-label={`上移${row.labelName}`} onClick={() => move(row, -1)}>
            上移
          </Button>
          <Button type="link" size="small" aria-label={`下移${row.labelName}`} onClick={() => move(row, 1)}>
            下移
          </Button>
        </>
      )}
    />
  );
}
