import { useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { useSearchParams } from 'react-router';
import { faceDevVerify } from '#contract/account.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useMinLoading } from '../lib/min-loading.ts';

type FaceState = 'pending' | 'passed' | 'failed' | 'expired';

const DONE: Record<Exclude<FaceState, 'pending'>, { status: 'success' | 'error' | 'warning'; title: string }> = {
  passed: { status: 'success', title: '人脸核验已通过' },
  failed: { status: 'error', title: '人脸核验未通过' },
  expired: { status: 'warning', title: '人脸核验已失效' },
};

/**
 * /face/verify?token= — the development face provider's stand-in for the phone (platform/face.ts, decision 10):
 * the computer shows this address as a QR code, and the buttons play the camera's comparison. With a vendor's
 * provider the phone opens the vendor's page instead and this one is never linked.
 */
export default function FaceVerify() {
  const [params] = useSearchParams();
  const faceToken = params.get('token') ?? '';
  const [state, setState] = useState<FaceState>('pending');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const pendingShown = useMinLoading(pending);

  async function verify(passed: boolean) {
    setPending(true);
    setError(null);
    try {
      setState((await api(faceDevVerify, { faceToken, passed })).state);
    } catch (err) {
      setError(inlineMessage(err, '核验失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }

  const done = state === 'pending' ? undefined : DONE[state];
  return (
    <div className="qk-login__card">
      <PageMeta title="人脸核验（开发环境）" />
      <h1>人脸核验</h1>
      <Alert
        type="info"
        showIcon
        title="开发环境模拟页"
        description="本页代替手机上的人脸比对：点击下方按钮即视为比对通过或不通过，电脑上的页面随后读到结果。"
        className="qk-form-alert"
      />
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      {!faceToken ? (
        <Result status="warning" title="缺少核验编号" subTitle="请用手机扫描电脑上显示的人脸核验二维码打开本页。" />
      ) : done ? (
        <Result status={done.status} title={done.title} subTitle="请回到电脑继续" />
      ) : (
        <div className="qk-scan-actions">
          <Button type="primary" size="large" block loading={pendingShown} onClick={() => void verify(true)}>
            比对通过
          </Button>
          <Button block disabled={pending} onClick={() => void verify(false)}>
            比对不通过
          </Button>
        </div>
      )}
    </div>
  );
}
