import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { CallDef } from '#contract/call.ts';
import type { TestApp } from '../testing/test-app.ts';

/**
 * Every call the server answers, for the probes (fuzz, access matrix): the operations of the OpenAPI document
 * `/apis/docs/json`, each with the contract's call when it has one. A call added tomorrow is in this list the day
 * it is registered, so the probes cover it without anyone remembering to add it.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form, with `:param`. */
  path: string;
  access: 'api' | 'auth' | 'admin' | 'callback';
  call?: CallDef;
}

const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

function isCall(v: unknown): v is CallDef {
  return !!v && typeof v === 'object' && 'path' in v && 'access' in v && 'body' in v && 'method' in v;
}

/** Every `defineCall` of the contract, whether exported on its own or in an object of calls (the admin lists). */
export async function contractCalls(): Promise<CallDef[]> {
  const found = new Set<CallDef>();
  const walk = (v: unknown, depth: number) => {
    if (isCall(v)) found.add(v);
    else if (v && typeof v === 'object' && depth < 3) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  for (const file of fs.readdirSync(CONTRACT_DIR).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    walk(await import(path.join(CONTRACT_DIR, file)), 0);
  }
  return [...found];
}

/** The operations of `/apis/docs/json`, with paths in Fastify's form, matched to the contract's calls. */
export async function operations(t: TestApp): Promise<Operation[]> {
  const res = await t.raw({ method: 'GET', url: '/apis/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
  const calls = await contractCalls();
  const byPath = new Map(calls.map((c) => [c.path, c]));
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    const fastifyPath = p.replace(/^\/apis/, '').replace(/\{(\w+)\}/g, ':$1');
    // a call registered under a second path (without its `/:id`) is the same call
    const call = byPath.get(fastifyPath) ?? calls.find((c) => c.path.replace(/\/:\w+$/, '') === fastifyPath);
    for (const m of Object.keys(methods)) {
      const method = m.toUpperCase() as Operation['method'];
      // a GET call also answers POST (the spec's clients use both); the probes send its own method and POST
      ops.push({ method, path: fastifyPath, access: fastifyPath.split('/')[2] as Operation['access'], call });
    }
  }
  return ops;
}

export const opName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Fills a path's `:params` (every one with the same value). */
export const fillPath = (p: string, value: string) => p.replace(/:\w+/g, value);

// the schema's definition, read to walk it (zod's internals are untyped here)
interface Def {
  type: string;
  shape: Record<string, Any>;
  innerType: Any;
  in: Any;
  element: Any;
  options: Any[];
  entries: Record<string, unknown>;
  values: unknown[];
  getter: () => Any;
}
type Any = z.ZodType & { _zod: { def: Def } };

const CANDIDATES: unknown[] = [
  '1',
  1,
  '示例内容',
  'Demo1234x',
  '123456',
  'https://example.com/a.png',
  '/media/a.png',
  '2024-01-01',
  '2024-01-01 00:00:00',
  '2024-01-01T00:00:00Z',
  'a@example.com',
  'abcdef',
  true,
  false,
  0,
  10,
  100,
  60,
  '0',
  [],
  {},
  null,
];

const passes = (s: Any, v: unknown) => s.safeParse(v).success;

/**
 * A body the call's schema accepts, where one can be found without knowing the call: each field the first of a
 * few plain values its own schema takes (`ids` gives a field's id by name, `*Id` and `id` fields 1 otherwise).
 * Object-wide rules (a start before an end) may still refuse it: good enough to reach past validation mostly.
 */
export function sampleOf(schema: z.ZodType, ids: Record<string, string> = {}, key = '', depth = 0): unknown {
  const s = schema as Any;
  const def = s._zod.def;
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, Any>)) {
        const val = sampleOf(v, ids, k, depth + 1);
        if (val !== undefined) out[k] = val;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType, ids, key, depth + 1) ?? pick(s, key, ids);
    case 'pipe':
      return pick(s, key, ids) ?? sampleOf(def.in, ids, key, depth + 1);
    case 'lazy':
      return sampleOf(def.getter(), ids, key, depth + 1);
    case 'array': {
      const item = sampleOf(def.element, ids, key, depth + 1);
      const arr = item === undefined ? [] : [item];
      return passes(s, arr) ? arr : (pick(s, key, ids) ?? arr);
    }
    case 'union':
      return pick(s, key, ids) ?? sampleOf(def.options[0]!, ids, key, depth + 1);
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    default:
      return pick(s, key, ids);
  }
}

function pick(s: Any, key: string, ids: Record<string, string>): unknown {
  const byName: unknown[] = [];
  if (ids[key]) byName.push(ids[key]);
  if (/mobile|phone/i.test(key)) byName.push('13800000009');
  if (/password/i.test(key)) byName.push('Demo1234x');
  if (/(^id|Id|Ids)$/.test(key)) byName.push('1', ['1']);
  return [...byName, ...CANDIDATES].find((c) => passes(s, c));
}
