import type { Platform } from '../platform/context.ts';
import type { Router } from '../platform/http/route.ts';
import type { Sessions } from '../platform/http/session.ts';
import { SystemService } from './system/system.service.ts';
import { SystemAdminService } from './system/system-admin.service.ts';
import { UploadService } from './system/upload.service.ts';
import { systemRoutes } from './system/system.routes.ts';
import { systemAdminRoutes } from './system/system-admin.routes.ts';
import { UserService } from './user/user.service.ts';
import { UserAuthService } from './user/user-auth.service.ts';
import { CaptchaService } from './user/captcha.service.ts';
import { SmsCodeService } from './user/sms-code.service.ts';
import { userRoutes } from './user/user.routes.ts';
import { AdminService } from './admin/admin.service.ts';
import { adminRoutes } from './admin/admin.routes.ts';

/** Builds every domain's services and registers their calls. Domains reach each other only through services. */
export async function registerModules(on: Router, p: Platform, sessions: Sessions) {
  const secureCookies = (p.config.publicUrl ?? '').startsWith('https:');
  const users = new UserService(p);
  const captcha = new CaptchaService(p);
  const smsCodes = new SmsCodeService(p);
  const userAuth = new UserAuthService(p, sessions, captcha, smsCodes);
  const system = new SystemService(p);
  const systemAdmin = new SystemAdminService(p, system);
  const upload = new UploadService(p);
  const admins = new AdminService(p, sessions);

  systemRoutes(on, system, upload, users);
  systemAdminRoutes(on, systemAdmin, system, upload);
  adminRoutes(on, admins, secureCookies);
  userRoutes(on, userAuth, users, captcha, smsCodes, secureCookies);

  return { users, userAuth, captcha, smsCodes, system, systemAdmin, upload, admins, sessions };
}
