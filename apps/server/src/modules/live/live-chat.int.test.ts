import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { buy, demoLiveCourse, until } from './live-testing.ts';

let t: TestApp;
let base: string;
let lecturer: TestUser;
let alice: TestUser;
let bob: TestUser;
let periodId: string;

interface Room {
  ws: WebSocket;
  got: Record<string, unknown>[];
  send(msg: object): void;
  next(pred: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
}

/** A viewer's room connection, as the watching page opens it: a token from the call, then the WebSocket. */
async function enter(who: TestUser): Promise<Room> {
  const res = await t.call('/course/auth/live/channel/token', { periodId }, who.headers);
  expect(res.code).toBe(200);
  const ws = new WebSocket(`${base}/apis/live/api/chat/${res.data.token}`);
  const got: Record<string, unknown>[] = [];
  ws.addEventListener('message', (e) => got.push(JSON.parse(String(e.data)) as Record<string, unknown>));
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  await until('hello', async () => got.some((m) => m.type === 'hello'), 5000);
  return {
    ws,
    got,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next: (pred, ms = 5000) => until('a message', async () => got.find(pred), ms),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${addr.port}`;
  lecturer = await demoUser(t, '13800000002');
  alice = await newUser(t, '13900000201', { nickname: '小艾' });
  bob = await newUser(t, '13900000202', { nickname: '小博' });
  const { course, periods } = await demoLiveCourse(t);
  await buy(t, alice, course.id);
  await buy(t, bob, course.id);
  periodId = String(periods[2]!.id);
});
afterAll(() => t?.close());

describe('live chat', () => {
  it('refuses a room token to a learner who did not buy the course', async () => {
    const stranger = await newUser(t, '13900000203');
    const res = await t.call('/course/auth/live/channel/token', { periodId }, stranger.headers);
    expect(res.code).toBe(999);
    const forged = new WebSocket(`${base}/apis/live/api/chat/${'A'.repeat(40)}.${'A'.repeat(22)}`);
    const code = await new Promise<number>((resolve) => forged.addEventListener('close', (e) => resolve(e.code)));
    expect(code).toBe(4403);
  });

  it('delivers a message to another viewer within a second, counts who is online, and keeps attendance', async () => {
    const a = await enter(alice);
    const b = await enter(bob);
    await a.next((m) => m.type === 'online' && m.count === 2);
    const sent = Date.now();
    a.send({ type: 'chat', content: '老师好，能听到' });
    const got = await b.next((m) => m.type === 'chat' && m.content === '老师好，能听到', 1000);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(got).toMatchObject({ nickname: '小艾', userId: alice.id });
    // a newcomer sees what was said before
    const l = await enter(lecturer);
    await until('the message stored', async () => {
      const again = await enter(lecturer);
      const h = again.got.find((m) => m.type === 'hello') as { history: { content: string }[] };
      again.ws.close();
      return h.history.some((m) => m.content === '老师好，能听到');
    });

    // the lecturer mutes bob: his next message is refused and reaches nobody
    l.send({ type: 'mute', userId: bob.id, muted: 1 });
    await b.next((m) => m.type === 'mute' && m.userId === bob.id);
    b.send({ type: 'chat', content: '我被禁言了吗' });
    expect(await b.next((m) => m.type === 'error')).toMatchObject({ msg: '你已被讲师禁言' });
    await new Promise((r) => setTimeout(r, 300));
    expect(a.got.some((m) => m.content === '我被禁言了吗')).toBe(false);
    // a learner may not mute or pin
    a.send({ type: 'pin', content: '我来置顶' });
    expect(await a.next((m) => m.type === 'error')).toMatchObject({ msg: '只有讲师可以禁言或置顶' });
    // the lecturer pins a message: everyone sees it
    l.send({ type: 'pin', content: '课件在课程资料里下载' });
    await a.next((m) => m.type === 'pin' && m.content === '课件在课程资料里下载');

    a.ws.close();
    b.ws.close();
    l.ws.close();
    const detail = await until('attendance kept', async () => {
      const r = await t.call('/course/auth/live/channel/log/view', { periodId }, lecturer.headers);
      return r.data.attendance.length === 2 &&
        r.data.attendance.every((x: { watchSeconds: number }) => x.watchSeconds >= 0)
        ? r.data
        : undefined;
    });
    expect(detail.pinnedMessage).toBe('课件在课程资料里下载');
    expect(detail.chatCount).toBe(1);
    expect(detail.attendance.find((x: { userId: string }) => x.userId === bob.id).muted).toBe(1);
    const forbidden = await t.call('/course/auth/live/channel/log/view', { periodId }, alice.headers);
    expect(forbidden.msg).toBe('只有本课讲师可以查看到课情况');
  });
});
