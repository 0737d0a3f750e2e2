import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Radio, Space } from 'antd';
import { liveChannelToken } from '#contract/live.ts';
import { api, ApiError } from '../../api/client.ts';

type Source = 'camera' | 'screen';

function pushUrl(token: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/apis/live/api/push/${token}`;
}

/**
 * 开始直播 from the browser: the camera (or the screen) and the microphone, previewed here, recorded by
 * MediaRecorder into WebM one second at a time and sent over a WebSocket into the same pipeline as OBS.
 */
export function BrowserBroadcast({ periodId, onAir }: { periodId: string; onAir: (on: boolean) => void }) {
  const [source, setSource] = useState<Source>('camera');
  const [state, setState] = useState<'idle' | 'starting' | 'live'>('idle');
  const [error, setError] = useState('');
  const preview = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => () => stopRef.current(), []);

  const start = async () => {
    setError('');
    setState('starting');
    let stream: MediaStream;
    try {
      const audio = await navigator.mediaDevices.getUserMedia({ audio: true });
      const video =
        source === 'screen'
          ? await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 15 } })
          : await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720, frameRate: 25 } });
      stream = new MediaStream([...video.getVideoTracks(), ...audio.getAudioTracks()]);
    } catch {
      setState('idle');
      setError('无法使用摄像头、麦克风或屏幕，请在浏览器中允许本站访问后重试');
      return;
    }
    let token: string;
    try {
      token = (await api(liveChannelToken, { periodId }, { toast: false })).pushToken;
    } catch (err) {
      stream.getTracks().forEach((t) => t.stop());
      setState('idle');
      setError(err instanceof ApiError ? err.message : '开播失败，请刷新后重试');
      return;
    }
    if (preview.current) {
      preview.current.srcObject = stream;
      void preview.current.play().catch(() => undefined);
    }
    const ws = new WebSocket(pushUrl(token));
    ws.binaryType = 'arraybuffer';
    const type = MediaRecorder.isTypeSupported('video/webm;codecs=vp8,opus')
      ? 'video/webm;codecs=vp8,opus'
      : 'video/webm';
    const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 1_500_000 });
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(e.data);
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as { type: string; msg?: string };
      if (m.type === 'onAir') {
        recorder.start(1000);
        setState('live');
        onAir(true);
      } else if (m.type === 'error') setError(m.msg ?? '开播失败');
    };
    const stop = () => {
      if (recorder.state !== 'inactive') recorder.stop();
      stream.getTracks().forEach((t) => t.stop());
      if (ws.readyState === WebSocket.OPEN) ws.close();
    };
    ws.onclose = () => {
      stop();
      setState('idle');
      onAir(false);
    };
    stopRef.current = stop;
  };

  return (
    <div className="qk-live-broadcast">
      <Space wrap>
        <Radio.Group value={source} onChange={(e) => setSource(e.target.value as Source)} disabled={state !== 'idle'}>
          <Radio.Button value="camera">摄像头</Radio.Button>
          <Radio.Button value="screen">共享屏幕</Radio.Button>
        </Radio.Group>
        {state === 'live' ? (
          <Button danger onClick={() => stopRef.current()}>
            停止浏览器推流
          </Button>
        ) : (
          <Button type="primary" loading={state === 'starting'} onClick={() => void start()}>
            开始直播
          </Button>
        )}
      </Space>
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      <video ref={preview} className="qk-live-preview" muted playsInline aria-label="推流预览" />
    </div>
  );
}
