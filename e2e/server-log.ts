import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/** The first e2e server's port; E2E_PORT lets two runs on one machine keep apart. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
/** Browser workers, each with a server of its own (its own database and files): journeys of two workers never meet. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** The port of the server of the worker this code runs in (Playwright numbers its worker slots from 0). */
export const E2E_PORT = E2E_BASE_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * Seconds a mobile waits between two SMS codes on the e2e servers. The product's 60 (SMS_INTERVAL_SECONDS) would have
 * journeys that ask one mobile twice sit out a minute each; 20 still leaves a journey time to meet the refusal.
 */
export const E2E_SMS_INTERVAL_S = 20;

/**
 * The e2e server's log (playwright.config.ts writes its output here, at info level). The console SMS sender
 * writes `SMS <mobile> <code>` to the log, so journeys read their codes the way a developer would.
 */
export const serverLog = (port: number) => path.resolve(import.meta.dirname, `../test-results/e2e-server-${port}.log`);
export const SERVER_LOG = serverLog(E2E_PORT);

function codesFor(mobile: string): string[] {
  let text: string;
  try {
    text = readFileSync(SERVER_LOG, 'utf8');
  } catch {
    return []; // the server has not written its log yet
  }
  return [...text.matchAll(new RegExp(`SMS ${mobile} (\\d{6})`, 'g'))].map((m) => m[1]!);
}

/** Call before asking for a code; then `smsCode` waits for the code sent after it. */
export function smsMark(mobile: string): number {
  return codesFor(mobile).length;
}

export async function smsCode(mobile: string, mark: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const codes = codesFor(mobile);
    if (codes.length > mark) return codes.at(-1)!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile} in ${SERVER_LOG}`);
}

/** A mobile no test has used: 139 and eight digits from the clock and chance. */
export function newMobile(): string {
  return `139${String(Date.now() % 1e5).padStart(5, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** Registers a learner through the API (the journey under test is elsewhere) and returns the mobile. */
export async function registerViaApi(request: APIRequestContext, password: string, nickname?: string): Promise<string> {
  const mobile = newMobile();
  const mark = smsMark(mobile);
  const sent = await (await request.post('/apis/user/api/user/send/code', { data: { mobile } })).json();
  if (sent.code !== 200) throw new Error(`send code: ${sent.msg}`);
  const res = await request.post('/apis/user/api/user/register', {
    data: { mobile, code: await smsCode(mobile, mark), password, nickname, clientType: 2 },
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`register: ${json.msg}`);
  return mobile;
}
