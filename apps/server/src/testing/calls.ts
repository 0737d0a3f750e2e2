import { expect } from 'vitest';
import type { TestUser } from './people.ts';
import type { TestApp } from './test-app.ts';

type Envelope = { code: number; msg: string; data: any };

/** The data of an answer that must have succeeded; a refusal fails the test with the server's message. */
export function ok(res: Envelope) {
  expect(res.msg).toBe('');
  expect(res.code).toBe(200);
  return res.data;
}

/**
 * Calls as a user (or a guest), for tests whose app is made in `beforeAll`: `app` is read at each call. `put` is for
 * the spec's few PUT calls.
 */
export function callsAs(app: () => TestApp) {
  return {
    call: (path: string, body: object, who?: TestUser): Promise<Envelope> => app().call(path, body, who?.headers ?? {}),
    put: async (path: string, body: object, who: TestUser): Promise<Envelope> =>
      (
        await app().raw({
          method: 'PUT',
          url: `/apis${path}`,
          headers: { 'content-type': 'application/json', token: who.token },
          payload: JSON.stringify(body),
        })
      ).json(),
  };
}
