import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Popconfirm, Space, Typography } from 'antd';
import { courseChannelPasswd, courseChannelReset, courseChannelView } from '#contract/live.ts';
import type { Route } from './+types/channel.ts';
import { api } from '../../../api/client.ts';
import { Page } from '../../../components/page.tsx';
import { useAction } from '../../../features/account/use-action.ts';
import { pageLoad } from '../../../lib/session-load.ts';

export async function loader(args: Route.LoaderArgs) {
  return { channel: await pageLoad(args, courseChannelView, {}) };
}

/** /account/channel — the lecturer's channel: where OBS pushes, the stream key (reset at will) and the password. */
export default function AccountChannel({ loaderData }: Route.ComponentProps) {
  const [channel, setChannel] = useState(loaderData.channel);
  const [pwd, setPwd] = useState('');
  const { run, pending, error } = useAction();
  const reset = async () => {
    const c = await run(() => api(courseChannelReset, {}), { success: '推流码已重置，旧推流码已失效' });
    if (c) setChannel(c);
  };
  const savePwd = async () => {
    const c = await run(() => api(courseChannelPasswd, { channelPwd: pwd }), { success: '频道密码已保存' });
    if (c) {
      setChannel(c);
      setPwd('');
    }
  };
  return (
    <Page title="直播间设置">
      <section className="qk-card">
        {channel.serverUrl ? null : (
          <Alert
            type="warning"
            showIcon
            title="本站未开启 RTMP 推流（LIVE_RTMP_PORT），请在课时的开播页使用浏览器开播"
          />
        )}
        <Descriptions column={1} bordered style={{ marginTop: 12 }}>
          <Descriptions.Item label="推流地址">
            <Typography.Text copyable={!!channel.serverUrl}>{channel.serverUrl || '未开启'}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="推流码">
            <Space wrap>
              <Typography.Text copyable code>
                {channel.streamKey}
              </Typography.Text>
              <Popconfirm title="重置后旧推流码立即失效，确定重置？" onConfirm={() => void reset()}>
                <Button loading={pending}>重置推流码</Button>
              </Popconfirm>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="频道密码">
            <Space wrap>
              <span>{channel.channelPwd ? '已设置' : '未设置'}</span>
              <Input.Password
                value={pwd}
                onChange={(e) => setPwd(e.target.value)}
                placeholder="6–16 位字母或数字"
                maxLength={16}
                aria-label="新的频道密码"
              />
              <Button type="primary" onClick={() => void savePwd()} loading={pending}>
                保存密码
              </Button>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
        <p className="qk-muted" style={{ marginTop: 12 }}>
          在 OBS 的“设置 → 推流”中选择“自定义”，服务器填推流地址，串流密钥填推流码。开播前 30
          分钟起可以推流；关键帧间隔建议设为 1 秒。
        </p>
      </section>
    </Page>
  );
}
