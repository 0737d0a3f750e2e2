import type { ModuleContext } from '../module.ts';
import { secureCookies } from '../module.ts';
import { AdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';
import type { CaptchaService } from '../user/captcha.service.ts';

/** The admin domain asks the user domain's captchas of a login that keeps failing. */
export interface AdminDeps {
  captcha: CaptchaService;
}
export type AdminServices = ReturnType<typeof registerAdmin>;

/** Platform administrators: their login and sessions. */
export function registerAdmin({ on, p, sessions }: ModuleContext, deps: AdminDeps) {
  const admins = new AdminService(p, sessions, deps.captcha);
  adminRoutes(on, admins, secureCookies(p));
  return { admins };
}
