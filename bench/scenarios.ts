/**
 * The load scenarios of `npm run bench`. Later issues add theirs by appending to the list.
 * A scenario runs against the real server; `baselinePath` ones also run against bench/baseline-server.ts.
 */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** 'api': HTTP 200 JSON with code 200; 'html': HTTP 200 text/html. */
  expect: 'api' | 'html';
  /** A page scenario is skipped (with the reason) when the server does not render pages. */
  needsPages?: boolean;
  target?: { rps: number; p99Ms: number };
  /** Extra headers obtained from the running server before the run (e.g. a session token). */
  prepare?: (baseUrl: string) => Promise<Record<string, string>>;
}

/** Logs the demo student in (app client, so web logins elsewhere do not end this session) and returns the token. */
async function studentToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/apis/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo1234', clientType: 2 }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (json.code !== 200) throw new Error(`demo student login failed: ${json.msg}`);
  return json.data.token;
}

export const scenarios: Scenario[] = [
  {
    name: 'website/info/view',
    method: 'POST',
    path: '/apis/system/api/website/info/view',
    headers: { 'SITE-ID': '10', 'content-type': 'application/json' },
    body: '{}',
    expect: 'api',
    target: { rps: 5000, p99Ms: 20 },
  },
  {
    name: 'nav/bar/list',
    method: 'POST',
    path: '/apis/system/api/nav/bar/list',
    headers: { 'SITE-ID': '10', 'content-type': 'application/json' },
    body: '{}',
    expect: 'api',
  },
  {
    name: 'home page',
    method: 'GET',
    path: '/',
    expect: 'html',
    needsPages: true,
    target: { rps: 200, p99Ms: 150 },
  },
  {
    // a signed-in visitor: the page cache does not apply, every request is a full server render
    name: 'home page, signed in (rendered)',
    method: 'GET',
    path: '/',
    expect: 'html',
    needsPages: true,
    prepare: async (baseUrl) => ({ cookie: `RC_WEB_TOKEN=${await studentToken(baseUrl)}` }),
  },
  {
    name: 'user/ext/view (authenticated)',
    method: 'POST',
    path: '/apis/user/auth/user/ext/view',
    headers: { 'SITE-ID': '10', 'content-type': 'application/json' },
    body: '{}',
    expect: 'api',
    target: { rps: 4000, p99Ms: 25 },
    prepare: async (baseUrl) => ({ token: await studentToken(baseUrl) }),
  },
];

/** The baseline: bare Fastify + one pg query, benched with the info call's request. */
export const baseline: Scenario = { ...scenarios[0]!, name: 'baseline (fastify + pg)', target: undefined };
