import type { ModuleContext } from '../module.ts';
import { secureCookies } from '../module.ts';
import { AdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';

/** The admin domain needs no other domain. */
export type AdminDeps = Record<string, never>;
export type AdminServices = ReturnType<typeof registerAdmin>;

/** Platform administrators: their login and sessions. */
export function registerAdmin({ on, p, sessions }: ModuleContext, _deps: AdminDeps) {
  const admins = new AdminService(p, sessions);
  adminRoutes(on, admins, secureCookies(p));
  return { admins };
}
