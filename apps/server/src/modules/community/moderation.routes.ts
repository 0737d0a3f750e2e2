import * as c from '#contract/community-moderation.ts';
import type { Router } from '../../platform/http/route.ts';
import type { ReportService } from './report.service.ts';
import type { SensitiveWordService } from './sensitive-word.service.ts';

export function moderationRoutes(on: Router, reports: ReportService, words: SensitiveWordService): void {
  on(c.reportSave, ({ site, actor, body }) => reports.save(site.id, actor.id, body));

  on(c.adminSensitiveWordList, ({ site, body }) => words.list(site.id, body));
  on(c.adminSensitiveWordSave, ({ site, actor, body }) => words.save(site.id, actor.id, body.words));
  on(c.adminSensitiveWordDelete, ({ site, body }) => words.remove(site.id, body.id));

  on(c.adminReportPage, ({ site, body }) => reports.page(site.id, body));
  on(c.adminReportHide, ({ site, actor, body }) => reports.hide(site.id, actor.id, body.id));
  on(c.adminReportRestore, ({ site, actor, body }) => reports.restore(site.id, actor.id, body.id));
  on(c.adminReportDismiss, ({ site, actor, body }) => reports.dismiss(site.id, actor.id, body.id));
  on(c.adminReportCount, ({ site }) => reports.pendingCount(site.id));
}
