import type { Platform } from '../../platform/context.ts';
import type { Router } from '../../platform/http/route.ts';
import { createGateways, SandboxGateway } from '../../platform/pay/index.ts';
import { paySandboxRoutes } from './pay.routes.ts';

/**
 * The payment channels (platform/pay) and the sandbox cashier's calls. The returned map is what the orders module
 * starts payments with and verifies notices by.
 */
export function registerPay(on: Router, p: Platform) {
  const gateways = createGateways(p.config, { db: p.db, jobs: p.jobs, log: p.log });
  const sandbox = gateways.get('sandbox');
  if (!(sandbox instanceof SandboxGateway)) throw new Error('the sandbox gateway is always present');
  paySandboxRoutes(on, sandbox);
  return gateways;
}
