import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '#contract/codes.ts';
import { extView } from '#contract/user.ts';
import { courseList, courseView } from '#contract/course.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';

/**
 * The calls a page's loaders make in-process (decision 50) answer exactly what the same call over HTTP answers,
 * to the same visitor: the same data, the same refusals, the same session checks.
 */
let t: TestApp;
let student: TestUser;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  student = await demoUser(t, '13800000001');
  courseId = (await t.call('/course/api/course/list', { pageSize: 1 })).data.list[0].id;
});
afterAll(async () => t?.close());

/** A page request as the mount receives it: the visitor's cookies and headers, no body. */
const page = (cookies: Record<string, string> = {}) =>
  ({
    method: 'GET',
    url: '/view/1',
    id: 'page-1',
    ip: '127.0.0.1',
    headers: { host: 'localhost', 'user-agent': 'Mozilla/5.0' },
    cookies,
    log: t.app.log,
  }) as unknown as FastifyRequest;

describe('in-process calls of a page', () => {
  it('give the data of the call over HTTP, as the contract shapes it', async () => {
    const local = await t.localCalls.dispatch(courseView, { courseId }, page());
    const http = await t.call(courseView.path, { courseId });
    expect(local.code).toBe(200);
    expect(local).toEqual(http);
    const list = await t.localCalls.dispatch(courseList, { pageCurrent: 1, pageSize: 5 }, page());
    expect(list).toEqual(await t.call(courseList.path, { pageCurrent: 1, pageSize: 5 }));
    // a key left undefined is not sent, as JSON leaves it out
    const unset = await t.localCalls.dispatch(courseList, { pageCurrent: 1, pageSize: 5, orderBy: undefined }, page());
    expect(unset).toEqual(list);
  });

  it("act for the page's visitor: the signed-in learner's own data, and a guest refused as over HTTP", async () => {
    const signedIn = await t.localCalls.dispatch(extView, {}, page({ [TOKEN_COOKIE]: student.token }));
    expect(signedIn.code).toBe(200);
    expect((signedIn.data as { mobile: string }).mobile).toBe(student.mobile);
    const guest = await t.localCalls.dispatch(extView, {}, page());
    expect(guest).toEqual(await t.call(extView.path, {}));
    expect(guest.code).toBe(302);
    const forged = await t.localCalls.dispatch(extView, {}, page({ [TOKEN_COOKIE]: 'not-a-session' }));
    expect(forged.code).toBe(302);
  });

  it('refuse bad input with the message the browser would get', async () => {
    const local = await t.localCalls.dispatch(courseView, { courseId: 'abc' }, page());
    const http = await t.call(courseView.path, { courseId: 'abc' });
    expect(local.code).toBe(999);
    expect(local).toEqual(http);
  });

  it('hand out answers a loader cannot change for the next page (outside production)', async () => {
    const first = await t.localCalls.dispatch(courseView, { courseId }, page());
    expect(() => {
      (first.data as { courseName: string }).courseName = '改过的';
    }).toThrow();
    const again = await t.localCalls.dispatch(courseView, { courseId }, page());
    expect((again.data as { courseName: string }).courseName).not.toBe('改过的');
  });
});
