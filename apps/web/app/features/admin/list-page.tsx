import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CallDef } from '#contract/call.ts';
import { FormModal } from './form-modal.tsx';
import { useAdminCall } from './use-admin-action.ts';

export interface ListRow {
  id: string;
  sort: number;
  statusId: number;
}
type Values = Record<string, unknown>;

/** One of the site's simple lists as the admin edits it; the page machinery below is shared by all of them. */
export interface ListResource<Row extends ListRow> {
  /** What one row is called, e.g. 友情链接; used in titles, buttons and confirmations. */
  noun: string;
  calls: { save: CallDef; update: CallDef; delete: CallDef };
  columns: TableColumnsType<Row>;
  nameOf: (row: Row) => string;
  /** Form values of a new row. */
  defaults: Values;
  /** The Form.Items of the modal (sort and status included where the resource wants them). */
  fields: ReactNode;
  /** Row → form values and back, for fields whose control holds another type (e.g. dayjs for times). */
  toForm?: (row: Row) => Values;
  fromForm?: (values: Values) => Values;
  modalWidth?: number;
}

interface ListPageProps<Row extends ListRow> {
  resource: ListResource<Row>;
  rows: Row[];
  title?: ReactNode;
  /** Values every row of this table shares and the form does not show, e.g. the navId of an article list. */
  fixed?: Values;
  rowActions?: (row: Row) => ReactNode;
  description?: ReactNode;
}

const identity = (v: Values) => v;

export function ListPage<Row extends ListRow>({
  resource,
  rows,
  title,
  fixed,
  rowActions,
  description,
}: ListPageProps<Row>) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const { call, loading } = useAdminCall();
  const toForm = resource.toForm ?? ((row: Row) => ({ ...row }) as Values);
  const fromForm = resource.fromForm ?? identity;

  async function setStatus(row: Row, statusId: number) {
    const body = { ...fromForm(toForm(row)), ...fixed, id: row.id, statusId };
    await call(resource.calls.update, body, statusId ? '已启用' : '已停用');
  }

  async function remove(row: Row) {
    await call(resource.calls.delete, { id: row.id }, '已删除');
  }

  const columns: TableColumnsType<Row> = [
    ...resource.columns,
    { title: '排序', dataIndex: 'sort', width: 90, sorter: (a, b) => a.sort - b.sort },
    {
      title: '状态',
      dataIndex: 'statusId',
      width: 100,
      render: (_: unknown, row: Row) => (
        <Switch
          size="small"
          checked={row.statusId === 1}
          checkedChildren="启用"
          unCheckedChildren="停用"
          onChange={(on) => void setStatus(row, on ? 1 : 0)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: rowActions ? 220 : 140,
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          {rowActions?.(row)}
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除${resource.noun}“${resource.nameOf(row)}”吗？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove(row)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const isNew = editing === 'new';
  return (
    <Card
      title={title ?? resource.noun}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增{resource.noun}
        </Button>
      }
    >
      {description ? <div style={{ color: '#666', marginBottom: 16 }}>{description}</div> : null}
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: `还没有${resource.noun}，点击右上角“新增${resource.noun}”添加` }}
      />
      <FormModal
        title={`${isNew ? '新增' : '编辑'}${resource.noun}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
        call={isNew ? resource.calls.save : resource.calls.update}
        toBody={(values) => ({
          ...fromForm(values),
          ...fixed,
          ...(editing !== null && editing !== 'new' ? { id: editing.id } : {}),
        })}
        initialValues={editing === null ? undefined : isNew ? resource.defaults : toForm(editing)}
        width={resource.modalWidth ?? 640}
      >
        {resource.fields}
      </FormModal>
    </Card>
  );
}
