import { useEffect, useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { useSearchParams } from 'react-router';
import { qrDevConfirm, qrDevScan, type TQrState } from '#contract/qr-login.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useMinLoading } from '../lib/min-loading.ts';

const OPEN_ID_KEY = 'qk:devWechatOpenId';

/** The WeChat identity this browser plays: kept, so scanning again is the same "WeChat user". */
function devOpenId(fresh = false): string {
  let id = fresh ? null : localStorage.getItem(OPEN_ID_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = `dev_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    localStorage.setItem(OPEN_ID_KEY, id);
  }
  return id;
}

const DONE: Partial<Record<TQrState, { title: string; sub: string }>> = {
  success: { title: '已确认登录', sub: '请回到电脑继续' },
  bind: { title: '已确认', sub: '这是一个新的微信账号，请在电脑上填写手机号完成绑定' },
  expired: { title: '二维码已失效', sub: '请在电脑上刷新二维码后重新扫码' },
};

/**
 * /qrcode/scan — the development WeChat provider's stand-in for the phone (decision 0010): opening it is the
 * scan, the button is the confirmation in WeChat. With the real official account this page is never linked.
 */
export default function QrcodeScan() {
  const [params] = useSearchParams();
  const sceneId = params.get('scene') ?? '';
  const [state, setState] = useState<TQrState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const pendingShown = useMinLoading(pending);

  useEffect(() => {
    api(qrDevScan, { sceneId }).then(
      (r) => setState(r.state),
      (err: unknown) => setError(inlineMessage(err, '扫码失败，请稍后再试')),
    );
  }, [sceneId]);

  async function confirm(fresh: boolean) {
    setPending(true);
    setError(null);
    try {
      setState((await api(qrDevConfirm, { sceneId, openId: devOpenId(fresh) })).state);
    } catch (err) {
      setError(inlineMessage(err, '确认失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }

  const done = state ? DONE[state] : undefined;
  return (
    <div className="qk-login__card">
      <PageMeta title="微信扫码登录（开发环境）" />
      <h1>微信扫码登录</h1>
      <Alert
        type="info"
        showIcon
        title="开发环境模拟页"
        description="本页代替手机微信：打开即视为已扫码，点击下方按钮即视为在微信中确认。"
        className="qk-form-alert"
      />
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      {done ? (
        <Result status={state === 'expired' ? 'warning' : 'success'} title={done.title} subTitle={done.sub} />
      ) : state === 'scanned' ? (
        <div className="qk-scan-actions">
          <Button type="primary" size="large" block loading={pendingShown} onClick={() => void confirm(false)}>
            确认登录
          </Button>
          <Button block disabled={pending} onClick={() => void confirm(true)}>
            换一个新的微信身份确认
          </Button>
        </div>
      ) : null}
    </div>
  );
}
