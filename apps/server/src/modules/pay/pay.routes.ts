import * as c from '#contract/pay.ts';
import type { Router } from '../../platform/http/route.ts';
import type { SandboxGateway } from '../../platform/pay/sandbox.ts';
import { presentSandboxTrade } from './pay.presenter.ts';

/** The sandbox cashier's calls. They are public: like a real cashier, whoever holds the serial number may pay. */
export function paySandboxRoutes(on: Router, sandbox: SandboxGateway): void {
  on(c.paySandboxView, async ({ site, body }) => presentSandboxTrade(await sandbox.view(site.id, body.serialNumber)));
  on(c.paySandboxConfirm, async ({ site, body }) =>
    presentSandboxTrade(await sandbox.confirm(site.id, body.serialNumber)),
  );
}
