import {
  CONTENT_KIND_NAMES,
  REPORT_REASONS,
  REPORT_STATUS_NAMES,
  type TContentKind,
  type TReport,
  type TReportReason,
  type TReportStatus,
  type TSensitiveWord,
} from '#contract/community-moderation.ts';
import { formatTime } from '../../platform/time.ts';
import type { ReportedTarget } from './content-guard.ts';
import type { ReportQueueRow } from './moderation.repo.ts';
import type { sensitiveWord } from '../../db/schema/community-moderation.ts';

export const presentSensitiveWord = (r: {
  word: typeof sensitiveWord.$inferSelect;
  addedBy: string | null;
}): TSensitiveWord => ({
  id: String(r.word.id),
  word: r.word.word,
  addedBy: r.addedBy ?? '',
  gmtCreate: formatTime(r.word.gmtCreate),
});

/** How the queue names a user: the nickname, else the mobile. */
export const userLabel = (u: { nickname: string; mobile: string } | undefined): string =>
  u ? u.nickname || u.mobile : '';

export function presentReport(
  row: ReportQueueRow,
  target: ReportedTarget | null,
  names: { author: string; reporter: string },
): TReport {
  const r = row.report;
  const kind = r.kind as TContentKind;
  const reason = r.reason as TReportReason;
  const status = r.status as TReportStatus;
  return {
    id: String(r.id),
    kind,
    kindName: CONTENT_KIND_NAMES[kind] ?? r.kind,
    targetId: String(r.targetId),
    targetTitle: target?.title ?? '',
    targetUrl: target?.url ?? '',
    targetAuthor: names.author,
    targetHidden: target?.hidden ?? false,
    targetGone: target === null,
    pendingCount: row.pendingCount,
    reason,
    reasonName: REPORT_REASONS[reason] ?? r.reason,
    text: r.text,
    reporter: names.reporter,
    status,
    statusName: REPORT_STATUS_NAMES[status] ?? r.status,
    handledBy: row.handledBy ?? '',
    handledAt: formatTime(r.handledAt),
    gmtCreate: formatTime(r.gmtCreate),
  };
}
