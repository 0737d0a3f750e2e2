import * as a from '#contract/admin.ts';
import { adminDashboard } from '#contract/admin-dashboard.ts';
import { ADMIN_TOKEN_COOKIE } from '#contract/codes.ts';
import type { Router } from '../../platform/http/route.ts';
import { AdminService } from './admin.service.ts';
import type { DashboardService } from './dashboard.service.ts';

export function adminRoutes(
  on: Router,
  admins: AdminService,
  dashboard: DashboardService,
  secureCookies: boolean,
): void {
  on(a.adminLogin, async ({ site, body, req, reply }) => {
    const result = await admins.login(site.id, body, req.ip);
    reply.setCookie(ADMIN_TOKEN_COOKIE, result.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: AdminService.sessionMs / 1000,
    });
    return result;
  });
  on(a.adminLogout, async ({ actor, reply }) => {
    reply.clearCookie(ADMIN_TOKEN_COOKIE, { path: '/' });
    return admins.logout(actor.token);
  });
  on(a.adminInfoView, ({ site, actor }) => admins.info(site.id, actor.id));
  on(adminDashboard, ({ site }) => dashboard.view(site.id));
}
