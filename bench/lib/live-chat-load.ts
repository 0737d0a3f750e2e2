import { Samples } from './live-viewers.ts';

export interface ChatLoad {
  connections: number;
  /** how long opening every connection took, until each had its room's hello */
  openS: number;
  sent: number;
  /** deliveries expected: every message at every connection but its sender's */
  expected: number;
  delivery: Samples;
  lost: number;
  refused: number;
  firstError?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Chat connections to one room, opened as the watching page opens them (its chat token in the path), then
 * `perSecond` messages a second from connections picked at random for `seconds`; each message's delivery is
 * timed at every other connection, from its send to its receipt.
 */
export async function runChat(
  wsBase: string,
  chatTokens: string[],
  o: { seconds: number; perSecond: number; openConcurrency: number },
): Promise<ChatLoad> {
  const delivery = new Samples();
  const sentAt = new Map<string, { at: number; from: number; got: number }>();
  let refused = 0;
  let firstError: string | undefined;
  const sockets: WebSocket[] = [];

  const open = (token: string, i: number) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`${wsBase}/apis/live/api/chat/${token}`);
      let hello = false;
      ws.addEventListener('message', (e) => {
        const text = String(e.data);
        // the room's online counts are most of the traffic while the connections open: only chat is read
        if (!hello && text.startsWith('{"type":"hello"')) {
          hello = true;
          sockets[i] = ws;
          return resolve();
        }
        if (!text.startsWith('{"type":"chat"')) {
          if (text.startsWith('{"type":"error"')) firstError ??= text;
          return;
        }
        const now = performance.now();
        const { content } = JSON.parse(text) as { content: string };
        const m = /^bench (\d+)$/.exec(content);
        const sent = m && sentAt.get(m[1]!);
        if (!sent || sent.from === i) return;
        sent.got++;
        delivery.add(now - sent.at);
      });
      ws.addEventListener('close', (e) => {
        if (!hello) {
          refused++;
          firstError ??= `closed ${e.code} before the room's hello`;
          resolve();
        }
      });
      ws.addEventListener('error', () => undefined);
    });

  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: o.openConcurrency }, async () => {
      while (next < chatTokens.length) {
        const i = next++;
        await open(chatTokens[i]!, i);
      }
    }),
  );
  const openS = (performance.now() - t0) / 1000;
  const live = sockets.map((ws, i) => ({ ws, i })).filter((s) => s.ws);
  // let the online counts of the last joins go out before timing the chat
  await sleep(2000);

  const total = Math.round(o.seconds * o.perSecond);
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    await sleep(Math.max(0, start + (n * 1000) / o.perSecond - performance.now()));
    const { ws, i } = live[Math.floor(Math.random() * live.length)]!;
    sentAt.set(String(n), { at: performance.now(), from: i, got: 0 });
    ws.send(JSON.stringify({ type: 'chat', content: `bench ${n}` }));
  }
  await sleep(3000);
  for (const { ws } of live) ws.close();

  const expected = total * (live.length - 1);
  const got = [...sentAt.values()].reduce((a, s) => a + s.got, 0);
  return {
    connections: live.length,
    openS,
    sent: total,
    expected,
    delivery,
    lost: expected - got,
    refused,
    firstError,
  };
}
