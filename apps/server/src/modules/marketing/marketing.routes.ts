import * as c from '#contract/marketing.ts';
import type { Router } from '../../platform/http/route.ts';
import { sendFile, XLSX_TYPE } from '../../platform/http/download.ts';
import type { CounselService } from './counsel.service.ts';
import type { TerraceService } from './terrace.service.ts';

export function marketingRoutes(on: Router, counsel: CounselService, terrace: TerraceService): void {
  on(c.counselSave, ({ site, body, req }) => counsel.save(site.id, body, req.ip, null));
  on(c.adminCounselPage, ({ site, body }) => counsel.page(site.id, body));
  on(c.adminCounselFollow, ({ site, body }) => counsel.follow(site.id, body.id, body.followStatus, body.followRemark));
  on(c.adminCounselExport, async ({ site, body, reply }) =>
    sendFile(reply, await counsel.export(site.id, body), XLSX_TYPE, 'counsel.xlsx'),
  );

  on(c.terraceView, ({ site, body }) => terrace.view(site.id, body.id));
  on(c.terraceList, ({ site }) => terrace.list(site.id));
  on(c.adminTerraceList, ({ site }) => terrace.adminList(site.id));
  on(c.adminTerraceSave, ({ site, body }) => terrace.save(site.id, body));
  on(c.adminTerraceUpdate, ({ site, body }) => terrace.update(site.id, body.id, body));
  on(c.adminTerraceDelete, ({ site, body }) => terrace.remove(site.id, body.id));
}
