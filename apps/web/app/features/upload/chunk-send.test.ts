import { describe, expect, it } from 'vitest';
import type { TChunkResult } from '#contract/upload.ts';
import { ApiError } from '../../api/client.ts';
import { isFinalRefusal, OfflineError, TransportError } from './chunk-transport.ts';
import { chunksToSend } from './chunk-plan.ts';
import { holds, sendUnlessHeld } from './chunk-send.ts';

const CHUNK = 2_048_000;

/**
 * A server holding chunks, and what crosses the wire: each test and each chunk's bytes. `faults` says what happens
 * to the next sends: 'lost' stores the chunk but loses the answer, 'dropped' fails before the server has it.
 */
function server(total: number) {
  const held = new Set<number>();
  const wire = { tests: 0, sends: [] as number[] };
  const faults: ('lost' | 'dropped' | 'damaged')[] = [];
  const answer = (n: number): TChunkResult => ({ skipUpload: false, uploaded: [n], video: null });
  const calls = (n: number) => ({
    number: n,
    test: async (): Promise<TChunkResult> => {
      wire.tests++;
      return { skipUpload: false, uploaded: [...held].sort((a, b) => a - b), video: null };
    },
    send: async (): Promise<TChunkResult> => {
      wire.sends.push(n);
      const fault = faults.shift();
      if (fault === 'dropped') throw new TransportError('网络连接失败，请检查网络后重试');
      if (fault === 'damaged') throw new ApiError(999, `第 ${n} 片校验失败，请重新上传该分片`);
      held.add(n);
      if (fault === 'lost') throw new TransportError('上传超时，请检查网络后重试');
      return held.size === total ? { skipUpload: true, uploaded: [], video: null } : answer(n);
    },
  });
  return { held, wire, faults, calls };
}

const retry = { signal: new AbortController().signal, final: isFinalRefusal, sleep: async () => {} };

describe('the chunk test (decision 30)', () => {
  it('sends a chunk the round found missing without a test of its own', async () => {
    const s = server(5);
    await sendUnlessHeld(s.calls(3), retry);
    expect(s.wire).toEqual({ tests: 0, sends: [3] });
  });

  it('tests before sending again: a chunk stored whose answer was lost is not sent twice', async () => {
    const s = server(5);
    s.faults.push('lost');
    const r = await sendUnlessHeld(s.calls(3), retry);
    expect(holds(r, 3)).toBe(true);
    expect(s.wire).toEqual({ tests: 1, sends: [3] });
  });

  it('sends again after its test when the server does not hold it (a dropped request, damaged bytes)', async () => {
    const s = server(5);
    s.faults.push('dropped', 'damaged');
    await sendUnlessHeld(s.calls(4), retry);
    expect(s.wire).toEqual({ tests: 2, sends: [4, 4, 4] });
    expect(s.held.has(4)).toBe(true);
  });

  it('gives up after the protocol’s 3 retries, and at once on a refusal or when the network is gone', async () => {
    const s = server(5);
    s.faults.push('dropped', 'dropped', 'dropped', 'dropped');
    await expect(sendUnlessHeld(s.calls(2), retry)).rejects.toThrow('网络连接失败');
    expect(s.wire).toEqual({ tests: 3, sends: [2, 2, 2, 2] });

    const refused = server(5);
    const calls = {
      ...refused.calls(1),
      send: async () => Promise.reject(new ApiError(999, '文件内容不是可识别的视频')),
    };
    await expect(sendUnlessHeld(calls, retry)).rejects.toThrow('不是可识别的视频');
    expect(refused.wire.tests).toBe(0);

    const offline = server(5);
    await expect(
      sendUnlessHeld({ ...offline.calls(1), send: () => Promise.reject(new OfflineError()) }, retry),
    ).rejects.toBeInstanceOf(OfflineError);
    expect(offline.wire.tests).toBe(0);
  });

  it('resumes as a test before every chunk would: the same chunks cross the wire, with one test instead of one per chunk', async () => {
    const total = 40;
    const size = total * CHUNK + 999;
    // the first visit: chunks 1–17 stored, 18 stored but its answer lost when the network dropped, 19–20 lost on the way
    const s = server(total);
    for (let n = 1; n <= 18; n++) s.held.add(n);

    // this rule: one test for the round, then only the missing chunks, each without a test
    const round = await s.calls(1).test();
    const todo = chunksToSend(size, round.uploaded);
    for (const n of todo) await sendUnlessHeld(s.calls(n), retry);
    const ours = s.wire;

    // the spec's wording taken literally: a test before each of the file's chunks, sending the ones not held
    const t = server(total);
    for (let n = 1; n <= 18; n++) t.held.add(n);
    for (let n = 1; n <= total; n++) if (!holds(await t.calls(n).test(), n)) await t.calls(n).send();

    expect(ours.sends).toEqual(t.wire.sends);
    expect(ours.sends).toEqual(Array.from({ length: total - 18 }, (_, i) => 19 + i));
    expect(ours.tests).toBe(1);
    expect(t.wire.tests).toBe(total);
    expect(s.held.size).toBe(total);
  });
});
