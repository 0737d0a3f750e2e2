import { useState } from 'react';
import { data, useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { Alert, Button, Descriptions, Popconfirm, Table, Tag, Typography } from 'antd';
import { isId } from '#contract/call.ts';
import { courseChannelView, liveChannelLogSave, liveChannelLogView, LiveStatus } from '#contract/live.ts';
import type { Route } from './+types/period.ts';
import { api } from '../../../api/client.ts';
import { Page } from '../../../components/page.tsx';
import { useAction } from '../../../features/account/use-action.ts';
import { pageLoad } from '../../../lib/session-load.ts';
import { useSite } from '../../../lib/root-data.ts';
import { BrowserBroadcast } from '../../../features/live/browser-broadcast.tsx';
import { LiveChat } from '../../../features/live/live-chat.tsx';
import { liveRoomPath, STATUS_COLOR } from '../../../features/live/live-format.ts';
import '../../../features/live/live.css';

export async function loader(args: Route.LoaderArgs) {
  const periodId = new URL(args.request.url).searchParams.get('periodId') ?? '';
  if (!isId(periodId)) throw data(null, { status: 404 });
  const [detail, channel] = await Promise.all([
    pageLoad(args, liveChannelLogView, { periodId }),
    pageLoad(args, courseChannelView, {}),
  ]);
  return { periodId, detail, channel };
}

/**
 * /account/live/period?periodId= — a session's 开播 page: the key for OBS or the browser broadcast with its
 * preview, 结束直播, the chat with moderation, and who attended for how long.
 */
export default function AccountLivePeriod({ loaderData }: Route.ComponentProps) {
  const { periodId, detail, channel } = loaderData;
  const s = detail.session;
  const { user } = useSite();
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const [, setOnAir] = useState(false);
  const end = async () => {
    const r = await run(() => api(liveChannelLogSave, { periodId }), { success: '直播已结束' });
    if (r) await revalidator.revalidate();
  };
  return (
    <Page title={`开播：${s.periodName}`}>
      <section className="qk-card">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="课程">{s.courseName}</Descriptions.Item>
          <Descriptions.Item label="开播时间">
            {s.beginTime.slice(0, 16)}（{s.liveDuration} 分钟）
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={STATUS_COLOR[s.liveStatus]}>{s.liveStatusText}</Tag>
            <Button size="small" onClick={() => void revalidator.revalidate()}>
              刷新
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label="推流地址">
            <Typography.Text copyable={!!channel.serverUrl}>
              {channel.serverUrl || '未开启 RTMP，请使用浏览器开播'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="推流码">
            <Typography.Text copyable code>
              {channel.streamKey}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <p style={{ marginTop: 12 }}>
          <Link to={liveRoomPath(periodId)}>打开学员看到的直播间</Link>
          {s.liveStatus === LiveStatus.LIVING ? (
            <Popconfirm title="结束后学员将看到“直播已结束”，确定结束？" onConfirm={() => void end()}>
              <Button danger loading={pending} style={{ marginLeft: 12 }}>
                结束直播
              </Button>
            </Popconfirm>
          ) : null}
        </p>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </section>
      {s.liveStatus === LiveStatus.WAITING || s.liveStatus === LiveStatus.LIVING ? (
        <section className="qk-card">
          <h2 className="qk-card__title">在浏览器开播</h2>
          <BrowserBroadcast
            periodId={periodId}
            onAir={(on) => {
              setOnAir(on);
              void revalidator.revalidate();
            }}
          />
        </section>
      ) : null}
      {user ? (
        <section className="qk-card">
          <h2 className="qk-card__title">聊天与管理</h2>
          <LiveChat periodId={periodId} myId={user.id} />
        </section>
      ) : null}
      <section className="qk-card">
        <h2 className="qk-card__title">
          到课情况（{detail.attendance.length} 人，聊天 {detail.chatCount} 条）
        </h2>
        <Table
          rowKey="userId"
          size="small"
          dataSource={detail.attendance}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: '学员', dataIndex: 'nickname' },
            { title: '首次进入', dataIndex: 'firstJoin' },
            { title: '观看时长', dataIndex: 'watchSeconds', render: (v: number) => `${Math.round(v / 60)} 分钟` },
            { title: '禁言', dataIndex: 'muted', render: (v: number) => (v ? <Tag color="red">已禁言</Tag> : '') },
          ]}
        />
      </section>
    </Page>
  );
}
