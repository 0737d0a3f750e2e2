import type { ModuleContext } from '../module.ts';
import { secureCookies } from '../module.ts';
import { AdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';
import type { CaptchaService } from '../user/captcha.service.ts';
import { DashboardService, type DashboardSources } from './dashboard.service.ts';

/**
 * The admin domain asks the user domain's captchas of a login that keeps failing; the overview's figures come
 * from the domains built after it, handed over at call time.
 */
export interface AdminDeps {
  captcha: CaptchaService;
  dashboard: () => DashboardSources;
}
export type AdminServices = ReturnType<typeof registerAdmin>;

/** Platform administrators: their login and sessions, and their overview. */
export function registerAdmin({ on, p, sessions }: ModuleContext, deps: AdminDeps) {
  const admins = new AdminService(p, sessions, deps.captcha);
  const dashboard = new DashboardService(deps.dashboard);
  adminRoutes(on, admins, dashboard, secureCookies(p));
  return { admins, dashboard };
}
