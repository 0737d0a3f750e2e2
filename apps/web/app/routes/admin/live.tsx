import { Button, Popconfirm, Table, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { liveAdminLiving, liveAdminStop, type TLiveSession } from '#contract/live.ts';
import { api } from '../../api/client.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { useAction } from '../../features/account/use-action.ts';
import type { Route } from './+types/live.ts';

export const meta: Route.MetaFunction = () => [{ title: '正在直播 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { living: await adminLoad(args, liveAdminLiving, {}) };
}

/** /admin/live — the sessions on air now, each with a way to watch it and a stop button. */
export default function AdminLive({ loaderData }: Route.ComponentProps) {
  const { run, pending } = useAction();
  const revalidator = useRevalidator();
  const stop = async (s: TLiveSession) => {
    const r = await run(() => api(liveAdminStop, { periodId: s.periodId }), { success: '直播已结束', toast: true });
    if (r) await revalidator.revalidate();
  };
  return (
    <section>
      <h1>正在直播</h1>
      <p>
        <Button onClick={() => void revalidator.revalidate()}>刷新</Button>
      </p>
      <Table<TLiveSession>
        rowKey="id"
        dataSource={loaderData.living}
        pagination={false}
        locale={{ emptyText: '现在没有正在进行的直播' }}
        columns={[
          { title: '开播时间', dataIndex: 'beginTime' },
          { title: '课程', dataIndex: 'courseName' },
          { title: '课时', dataIndex: 'periodName' },
          { title: '讲师', dataIndex: 'lecturerName' },
          { title: '状态', render: () => <Tag color="red">直播中</Tag> },
          {
            title: '操作',
            render: (_: unknown, s) => (
              <>
                <Link to={`/preview/live/${s.periodId}`} target="_blank">
                  查看
                </Link>{' '}
                <Popconfirm title="强制结束这场直播？讲师的推流将被断开" onConfirm={() => void stop(s)}>
                  <Button danger size="small" loading={pending}>
                    结束直播
                  </Button>
                </Popconfirm>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
