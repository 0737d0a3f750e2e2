import { useState } from 'react';
import { Badge, Button, Modal, Popconfirm, Radio, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRevalidator, useSearchParams } from 'react-router';
import { msgUserBatchDelete, msgUserRead, msgUserReadAll, type TMsgUser } from '#contract/message.ts';
import type { Route } from './+types/message.ts';
import { api } from '../../api/client.ts';
import { Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { useAction } from '../../features/account/use-action.ts';
import { loadMyMessages } from '../../features/account/my-lists.ts';
import { unreadChanged } from '../../lib/unread.ts';
import { useMinLoading } from '../../lib/min-loading.ts';

const PAGE_SIZE = 20;

export function loader(args: Route.LoaderArgs) {
  return loadMyMessages(args, PAGE_SIZE);
}

/** /account/message — my messages: newest first, unread marked, read one, read all, delete several. */
export default function AccountMessage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const [params] = useSearchParams();
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const reloading = useMinLoading(revalidator.state === 'loading');
  const { run, pending } = useAction();
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<TMsgUser | null>(null);

  async function changed() {
    unreadChanged();
    await revalidator.revalidate();
  }

  async function read(row: TMsgUser) {
    setOpen(row);
    if (row.isRead === 1) return;
    const full = await run(() => api(msgUserRead, { id: row.id }), { toast: true });
    if (full) {
      setOpen(full);
      await changed();
    }
  }

  async function readAll() {
    const r = await run(() => api(msgUserReadAll), { toast: true });
    if (r) await changed();
  }

  async function remove() {
    const r = await run(() => api(msgUserBatchDelete, { ids: selected }), {
      toast: true,
      success: `已删除 ${selected.length} 条消息`,
    });
    if (r) {
      setSelected([]);
      await changed();
    }
  }

  const columns: TableColumnsType<TMsgUser> = [
    {
      title: '标题',
      dataIndex: 'msgTitle',
      render: (_: unknown, row) => (
        <Button type="link" className={`qk-msg-title${row.isRead ? '' : ' is-unread'}`} onClick={() => void read(row)}>
          {row.isRead ? null : <Badge status="error" />}
          {row.msgTitle}
        </Button>
      ),
    },
    { title: '内容', dataIndex: 'msgText', ellipsis: true },
    { title: '时间', dataIndex: 'gmtCreate', width: 180 },
    {
      title: '状态',
      dataIndex: 'isRead',
      width: 80,
      render: (v: number) => (v ? <span className="qk-muted">已读</span> : <span className="qk-unread">未读</span>),
    },
  ];

  return (
    <Page title="我的消息">
      <section className="qk-card">
        <div className="qk-toolbar">
          <Radio.Group
            optionType="button"
            value={params.get('isRead') ?? ''}
            onChange={(e) => setParam('isRead', e.target.value as string)}
            options={[
              { value: '', label: '全部' },
              { value: '0', label: '未读' },
              { value: '1', label: '已读' },
            ]}
          />
          <Space>
            <Button onClick={() => void readAll()} loading={pending}>
              全部标为已读
            </Button>
            <Popconfirm
              title={`确定删除选中的 ${selected.length} 条消息吗？`}
              okText="删除"
              cancelText="取消"
              onConfirm={() => remove()}
              disabled={selected.length === 0}
            >
              <Button danger disabled={selected.length === 0}>
                删除所选
              </Button>
            </Popconfirm>
          </Space>
        </div>
        <Table<TMsgUser>
          rowKey="id"
          columns={columns}
          dataSource={page.list}
          loading={reloading}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          locale={{ emptyText: '暂无消息' }}
          pagination={{
            current: page.pageCurrent,
            pageSize: PAGE_SIZE,
            total: page.totalCount,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (n) => setParam('page', n),
          }}
        />
      </section>
      <Modal open={open !== null} title={open?.msgTitle} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        <p className="qk-muted">{open?.gmtCreate}</p>
        <div className="qk-msg-text">{open?.msgText}</div>
      </Modal>
    </Page>
  );
}
