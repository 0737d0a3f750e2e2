import * as a from '#contract/admin.ts';
import { Limits } from '#contract/codes.ts';
import type { Router } from '../../platform/http/route.ts';
import { readFileField } from '../../platform/http/multipart.ts';
import type { SystemAdminService } from './system-admin.service.ts';
import type { SystemService } from './system.service.ts';
import type { UploadService } from './upload.service.ts';

interface Editor<F, Out> {
  list(siteId: bigint): Promise<Out[]>;
  save(siteId: bigint, f: F): Promise<Out>;
  update(siteId: bigint, id: string, f: F): Promise<Out>;
  remove(siteId: bigint, id: string): Promise<null>;
}
type Calls = typeof a.adminNavBar;

export function systemAdminRoutes(
  on: Router,
  admin: SystemAdminService,
  system: SystemService,
  upload: UploadService,
): void {
  on(a.adminWebsiteView, ({ site }) => admin.websiteView(site.id));
  on(a.adminWebsiteUpdate, ({ site, body }) => system.updateWebInfo(site.id, body));
  on(a.adminUploadPic, async ({ site, actor, req }) =>
    upload.image(site.id, actor, await readFileField(req, Limits.imageUploadMaxBytes)),
  );

  const lists: Array<[Calls, Editor<never, unknown>]> = [
    [a.adminNavBar, admin.navBar],
    [a.adminWebsiteNav, admin.websiteNav],
    [a.adminNavArticle, admin.article],
    [a.adminLink, admin.link],
    [a.adminAdv, admin.adv],
    [a.adminBanner, admin.banner],
    [a.adminZone, admin.zone],
  ] as unknown as Array<[Calls, Editor<never, unknown>]>;
  for (const [calls, editor] of lists) {
    on(calls.list, ({ site }) => editor.list(site.id) as never);
    on(calls.save, ({ site, body }) => editor.save(site.id, body as never) as never);
    on(calls.update, ({ site, body }) => editor.update(site.id, (body as { id: string }).id, body as never) as never);
    on(calls.delete, ({ site, body }) => editor.remove(site.id, (body as { id: string }).id));
  }
}
