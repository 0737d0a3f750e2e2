import { z } from './zod-config.ts';

// zod compiles object parsers with `new Function` when it may, and decides so when each object schema is built.
// In the browser the page's CSP forbids eval: the probe is refused and reported as a policy violation on every
// page, so the contract's schemas are built jitless there. Every contract module takes `z` from here, which makes
// this run before any schema is built. The server keeps the compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export * from 'zod';
