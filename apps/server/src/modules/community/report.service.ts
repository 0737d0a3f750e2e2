import type { TPageQuery } from '#contract/call.ts';
import {
  REPORT_STATUS_FILTER,
  type TContentKind,
  type TReport,
  type TReportReason,
} from '#contract/community-moderation.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { UserService } from '../user/user.service.ts';
import type { ReportableContent, ReportedTarget } from './content-guard.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ReportQueueRow } from './moderation.repo.ts';
import { presentReport, userLabel } from './moderation.presenter.ts';

export interface ReportInput {
  kind: TContentKind;
  targetId: string;
  reason: TReportReason;
  text: string;
}

/**
 * Reports (举报) from users, and the administrator's queue. The queue acts on a reported piece through the
 * report target its kind registered: hiding it settles every report of it still waiting.
 */
export class ReportService {
  private readonly moderation: ModerationService;
  private readonly users: UserService;
  constructor(moderation: ModerationService, users: UserService) {
    this.moderation = moderation;
    this.users = users;
  }

  private get repo() {
    return this.moderation.repo;
  }

  private targetOf(kind: string): ReportableContent {
    const r = this.moderation.reportable(kind as TContentKind);
    if (!r) throw fail('该类内容暂不支持举报');
    return r;
  }

  async save(siteId: bigint, userId: bigint, input: ReportInput): Promise<null> {
    const target = await this.targetOf(input.kind).describe(siteId, BigInt(input.targetId));
    if (!target) throw fail('举报的内容不存在或已删除');
    if (target.hidden) throw fail('该内容已被管理员隐藏，无需再举报');
    if (target.authorId === userId) throw fail('不能举报自己发布的内容');
    const added = await this.repo.insertReport(siteId, {
      reporterId: userId,
      kind: input.kind,
      targetId: BigInt(input.targetId),
      reason: input.reason,
      text: input.text,
    });
    if (!added) throw fail('您已举报过该内容，管理员处理前无需重复举报');
    return null;
  }

  /** Rows with their targets as they are now, and the names of authors and reporters. */
  private async present(siteId: bigint, rows: ReportQueueRow[]): Promise<TReport[]> {
    const targets = await Promise.all(
      rows.map(
        (r): Promise<ReportedTarget | null> =>
          this.moderation.reportable(r.report.kind as TContentKind)?.describe(siteId, r.report.targetId) ??
          Promise.resolve(null),
      ),
    );
    const people = await this.users.briefs(siteId, [
      ...rows.map((r) => r.report.reporterId),
      ...targets.flatMap((t) => (t ? [t.authorId] : [])),
    ]);
    return rows.map((r, i) =>
      presentReport(r, targets[i]!, {
        author: targets[i] ? userLabel(people.get(targets[i].authorId)) : '',
        reporter: userLabel(people.get(r.report.reporterId)),
      }),
    );
  }

  async page(
    siteId: bigint,
    q: TPageQuery & { statusId: 0 | 1 | 2 | 3; kind: TContentKind | '' },
  ): Promise<Page<TReport>> {
    const status = q.statusId === 0 ? undefined : REPORT_STATUS_FILTER[q.statusId];
    const { rows, total } = await this.repo.queue(siteId, { ...q, status });
    const list = await this.present(siteId, rows);
    return toPage(list, total, q, (x) => x);
  }

  async pendingCount(siteId: bigint): Promise<{ pendingCount: number }> {
    return { pendingCount: await this.repo.pendingCount(siteId) };
  }

  private async reportAndTarget(siteId: bigint, id: string) {
    const report = await this.repo.reportById(siteId, BigInt(id));
    if (!report) throw notFound('举报');
    const reportable = this.targetOf(report.kind);
    const target = await reportable.describe(siteId, report.targetId);
    return { report, reportable, target };
  }

  private async one(siteId: bigint, id: bigint): Promise<TReport> {
    const row = (await this.repo.queueRow(siteId, id))!;
    return (await this.present(siteId, [row]))[0]!;
  }

  /** Hides the reported piece for everyone; every report of it still waiting, and this one, count as upheld. */
  async hide(siteId: bigint, adminId: bigint, id: string): Promise<TReport> {
    const { report, reportable, target } = await this.reportAndTarget(siteId, id);
    if (!target) throw fail('被举报的内容已被删除，请驳回该举报');
    if (target.hidden) throw fail('该内容已经隐藏');
    await reportable.hide(siteId, report.targetId);
    await this.repo.settle(siteId, report.kind, report.targetId, 'pending', 'hidden', adminId);
    if (report.status === 'dismissed') {
      await this.repo.settle(siteId, report.kind, report.targetId, 'dismissed', 'hidden', adminId);
    }
    return this.one(siteId, report.id);
  }

  /** Shows a hidden piece again: its upheld reports are dismissed after all. */
  async restore(siteId: bigint, adminId: bigint, id: string): Promise<TReport> {
    const { report, reportable, target } = await this.reportAndTarget(siteId, id);
    if (!target) throw fail('被举报的内容已被删除，无法恢复');
    if (!target.hidden) throw fail('该内容没有被隐藏，无需恢复');
    await reportable.restore(siteId, report.targetId);
    await this.repo.settle(siteId, report.kind, report.targetId, 'hidden', 'dismissed', adminId);
    return this.one(siteId, report.id);
  }

  /** The piece is fine: every report of it still waiting is dismissed, the piece stays as it is. */
  async dismiss(siteId: bigint, adminId: bigint, id: string): Promise<TReport> {
    const report = await this.repo.reportById(siteId, BigInt(id));
    if (!report) throw notFound('举报');
    if (report.status !== 'pending') throw fail('该举报已经处理过了');
    await this.repo.settle(siteId, report.kind, report.targetId, 'pending', 'dismissed', adminId);
    return this.one(siteId, report.id);
  }
}
