import type { Platform } from '../platform/context.ts';
import type { Router } from '../platform/http/route.ts';
import type { Sessions } from '../platform/http/session.ts';
import { SystemService } from './system/system.service.ts';
import { SystemAdminService } from './system/system-admin.service.ts';
import { UploadService } from './system/upload.service.ts';
import { systemRoutes } from './system/system.routes.ts';
import { systemAdminRoutes } from './system/system-admin.routes.ts';
import { UserService } from './user/user.service.ts';
import { AdminService } from './admin/admin.service.ts';
import { adminRoutes } from './admin/admin.routes.ts';

/** Builds every domain's services and registers their calls. Domains reach each other only through services. */
export async function registerModules(on: Router, p: Platform, sessions: Sessions) {
  const users = new UserService(p);
  const system = new SystemService(p);
  const systemAdmin = new SystemAdminService(p, system);
  const upload = new UploadService(p);
  const admins = new AdminService(p, sessions);

  systemRoutes(on, system, upload, users);
  systemAdminRoutes(on, systemAdmin, system, upload);
  adminRoutes(on, admins, (p.config.publicUrl ?? '').startsWith('https:'));

  return { users, system, systemAdmin, upload, admins, sessions };
}
