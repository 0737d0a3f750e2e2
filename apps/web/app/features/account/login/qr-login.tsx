import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { checkQrCodeState, getMpQrCodeUrl, type TQrState } from '#contract/qr-login.ts';
import { api, inlineMessage } from '../../../api/client.ts';
import { goAfterLogin } from '../after-login.ts';
import { QrBindForm } from './qr-bind-form.tsx';
import { FetchSpin } from '../../../components/fetch-spin.tsx';

const POLL_MS = 2000;

interface Code {
  sceneId: string;
  qrcodeUrl: string;
  scanUrl: string;
  expireSeconds: number;
}

const HINTS: Partial<Record<TQrState, string>> = {
  waiting: '请使用微信扫描二维码登录',
  scanned: '扫码成功，请在手机上确认登录',
};

/**
 * WeChat QR login: show the code, poll its state every 2 s while this tab is open, log in on success; a WeChat
 * account no user owns yet binds a mobile first (QrBindForm). An expired code offers a new one.
 */
export function QrLogin() {
  const [code, setCode] = useState<Code | null>(null);
  const [state, setState] = useState<TQrState | 'loading'>('loading');
  const [refusal, setRefusal] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState('loading');
    setRefusal(null);
    try {
      setCode(await api(getMpQrCodeUrl));
      setState('waiting');
    } catch (err) {
      setRefusal(inlineMessage(err, '二维码获取失败，请稍后再试'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const live = code !== null && (state === 'waiting' || state === 'scanned');
  useEffect(() => {
    if (!live) return;
    let alive = true;
    const poll = window.setInterval(() => {
      api(checkQrCodeState, { sceneId: code.sceneId, clientType: 1 }, { toast: false }).then(
        (r) => {
          if (!alive) return;
          if (r.state === 'success') goAfterLogin();
          else setState(r.state);
        },
        () => {}, // a missed poll is retried by the next
      );
    }, POLL_MS);
    const expiry = window.setTimeout(() => alive && setState('expired'), code.expireSeconds * 1000);
    return () => {
      alive = false;
      window.clearInterval(poll);
      window.clearTimeout(expiry);
    };
  }, [live, code]);

  if (refusal) {
    return (
      <div className="qk-qr">
        <p className="qk-qr__refusal">{refusal}</p>
        <Button onClick={() => void load()}>重试</Button>
      </div>
    );
  }
  if (state === 'bind' && code) return <QrBindForm sceneId={code.sceneId} onExpired={() => setState('expired')} />;
  return (
    <div className="qk-qr">
      <div className="qk-qr__box">
        {code ? <img src={code.qrcodeUrl} alt="微信扫码登录二维码" width={200} height={200} /> : <FetchSpin />}
        {state === 'expired' || state === 'success' ? (
          <div className="qk-qr__mask">
            <p>{state === 'success' ? '登录成功，正在跳转…' : '二维码已失效'}</p>
            {state === 'expired' ? (
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void load()}>
                刷新二维码
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="qk-qr__hint">{state === 'loading' ? '正在获取二维码…' : (HINTS[state] ?? '')}</p>
      {code?.scanUrl && state !== 'expired' ? (
        <a href={code.scanUrl} target="_blank" rel="noopener noreferrer" className="qk-qr__dev">
          开发环境：在本站模拟手机扫码
        </a>
      ) : null}
    </div>
  );
}
