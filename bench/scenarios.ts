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
];

/** The baseline: bare Fastify + one pg query, benched with the info call's request. */
export const baseline: Scenario = { ...scenarios[0]!, name: 'baseline (fastify + pg)', target: undefined };
