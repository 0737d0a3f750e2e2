import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import { SystemService } from './system.service.ts';
import { SystemAdminService } from './system-admin.service.ts';
import { UploadService } from './upload.service.ts';
import { systemRoutes } from './system.routes.ts';
import { systemAdminRoutes } from './system-admin.routes.ts';
import type { Indexer } from '../search/index.ts';
import { infoSearchSource } from './info-search.source.ts';

export interface SystemDeps {
  users: UserService;
  /** the search index: information articles are found through it */
  indexer: Indexer;
}
export type SystemServices = ReturnType<typeof registerSystem>;

/** The site: its settings, navigation, links, ads, banners, zones, articles, and image uploads. */
export function registerSystem({ on, p }: ModuleContext, { users, indexer }: SystemDeps) {
  const system = new SystemService(p);
  const systemAdmin = new SystemAdminService(p, system, infoSearchSource(p.db, indexer));
  const upload = new UploadService(p);
  systemRoutes(on, system, upload, users);
  systemAdminRoutes(on, systemAdmin, system, upload);
  return { system, systemAdmin, upload };
}
