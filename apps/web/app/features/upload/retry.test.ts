import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { isFinalRefusal, OfflineError, TransportError } from './chunk-transport.ts';
import { backoffMs, withRetry } from './retry.ts';
import { secondsLeft, SpeedMeter } from './speed.ts';

/** A sleep that records the delays instead of waiting. */
function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe('withRetry', () => {
  it('tries a failing chunk three more times with a growing delay, then gives up with its error', async () => {
    const { delays, sleep } = recorder();
    let calls = 0;
    const step = async () => {
      calls++;
      throw new ApiError(999, '第 3 片不完整，请重新上传该分片');
    };
    await expect(
      withRetry(step, { signal: new AbortController().signal, sleep, final: isFinalRefusal }),
    ).rejects.toThrow('第 3 片不完整');
    expect(calls).toBe(4);
    expect(delays).toEqual([backoffMs(1), backoffMs(2), backoffMs(3)]);
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it('answers the first success', async () => {
    const { sleep } = recorder();
    let calls = 0;
    const value = await withRetry(
      async () => (++calls < 3 ? Promise.reject(new TransportError('网络连接失败')) : 'ok'),
      {
        signal: new AbortController().signal,
        sleep,
        final: isFinalRefusal,
      },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
  });

  it('does not repeat what the server refused, nor spend retries when the network is down or the upload was paused', async () => {
    const { delays, sleep } = recorder();
    const signal = new AbortController().signal;
    await expect(withRetry(() => Promise.reject(new OfflineError()), { signal, sleep })).rejects.toBeInstanceOf(
      OfflineError,
    );
    await expect(
      withRetry(() => Promise.reject(new ApiError(301, '登录已过期')), { signal, sleep, final: isFinalRefusal }),
    ).rejects.toThrow('登录已过期');
    let calls = 0;
    const notVideo = () => (
      calls++,
      Promise.reject(new ApiError(999, '文件内容不是可识别的视频，请检查文件后重新上传'))
    );
    await expect(withRetry(notVideo, { signal, sleep, final: isFinalRefusal })).rejects.toThrow('不是可识别的视频');
    expect(calls).toBe(1);
    const paused = new AbortController();
    paused.abort();
    await expect(
      withRetry(() => Promise.reject(new Error('aborted')), { signal: paused.signal, sleep }),
    ).rejects.toThrow('aborted');
    expect(delays).toEqual([]);
  });
});

describe('SpeedMeter', () => {
  it('measures bytes per second over the recent window only', () => {
    const m = new SpeedMeter(5000);
    expect(m.bytesPerSecond()).toBe(0);
    m.add(0, 0);
    m.add(1000, 10_000_000);
    expect(m.bytesPerSecond()).toBe(10_000_000);
    // a slow stretch long after: the early fast second leaves the window
    m.add(10_000, 11_000_000);
    m.add(12_000, 12_000_000);
    expect(m.bytesPerSecond()).toBe(500_000);
    expect(secondsLeft(1_000_000, 500_000)).toBe(2);
    expect(secondsLeft(1_000_000, 0)).toBeNull();
  });
});
