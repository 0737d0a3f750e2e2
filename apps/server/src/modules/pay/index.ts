import type { ModuleContext } from '../module.ts';
import { createGateways, SandboxGateway } from '../../platform/pay/index.ts';
import { paySandboxRoutes } from './pay.routes.ts';

/** The pay domain needs no other domain. */
export type PayDeps = Record<string, never>;
export type PayServices = ReturnType<typeof registerPay>;

/**
 * The payment channels (platform/pay) and the sandbox cashier's calls. `gateways` is what the orders module
 * starts payments with and verifies notices by.
 */
export function registerPay({ on, p }: ModuleContext, _deps: PayDeps) {
  const gateways = createGateways(p.config, { db: p.db, jobs: p.jobs, log: p.log });
  const sandbox = gateways.get('sandbox');
  if (!(sandbox instanceof SandboxGateway)) throw new Error('the sandbox gateway is always present');
  paySandboxRoutes(on, sandbox);
  return { gateways };
}
