import { newWorkbook } from '../../platform/workbook.ts';
import type { TPageQuery } from '#contract/call.ts';
import { COUNSEL_DAILY_LIMIT, COUNSEL_FOLLOW_LABELS, type TCounselAdmin } from '#contract/marketing.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { formatTime } from '../../platform/time.ts';
import { counselRepo, type CounselFilter, type CounselRepo, type CounselRow } from './counsel.repo.ts';

const DAY_MS = 24 * 60 * 60_000;
const EXPORT_MAX = 10_000;
export const COUNSEL_LIMIT_MSG = '今天的提交次数已达上限，我们会尽快联系您，也可以直接拨打客服电话';

const present = (r: CounselRow): TCounselAdmin => ({
  id: String(r.id),
  realName: r.realName,
  mobile: r.mobile,
  subject: r.subject,
  content: r.content,
  clientIp: r.clientIp,
  followStatus: r.followStatus,
  followRemark: r.followRemark,
  followTime: formatTime(r.followTime),
  gmtCreate: formatTime(r.gmtCreate),
});

/** Enquiries from the public form, limited per address and per mobile, and the administrator's follow-up. */
export class CounselService {
  private readonly p: Platform;
  private readonly repo: CounselRepo;
  constructor(p: Platform) {
    this.p = p;
    this.repo = counselRepo(p.db);
  }

  async save(
    siteId: bigint,
    v: { realName: string; mobile: string; subject: string; content: string },
    clientIp: string,
    userId: bigint | null,
  ): Promise<{ id: string }> {
    // both windows are counted on every attempt, so a refused attempt still uses up the day
    const [byIp, byMobile] = await Promise.all([
      this.p.cache.kv.incr(`counsel:ip:${siteId}:${clientIp}`, DAY_MS),
      this.p.cache.kv.incr(`counsel:mobile:${siteId}:${v.mobile}`, DAY_MS),
    ]);
    if (byIp > COUNSEL_DAILY_LIMIT || byMobile > COUNSEL_DAILY_LIMIT) throw fail(COUNSEL_LIMIT_MSG);
    const row = await this.repo.insert(siteId, { ...v, clientIp, userId });
    return { id: String(row.id) };
  }

  async page(siteId: bigint, q: TPageQuery & CounselFilter) {
    const { rows, total } = await this.repo.page(siteId, q);
    return toPage(rows, total, q, present);
  }

  async follow(siteId: bigint, id: string, followStatus: number, followRemark: string): Promise<TCounselAdmin> {
    const row = await this.repo.follow(siteId, BigInt(id), followStatus, followRemark);
    if (!row) throw notFound('咨询登记');
    return present(row);
  }

  async export(siteId: bigint, f: CounselFilter): Promise<{ fileName: string; body: Buffer }> {
    const rows = await this.repo.all(siteId, f, EXPORT_MAX);
    const wb = await newWorkbook();
    const ws = wb.addWorksheet('咨询登记');
    ws.columns = [
      { header: '提交时间', key: 'gmtCreate', width: 20 },
      { header: '姓名', key: 'realName', width: 12 },
      { header: '手机号', key: 'mobile', width: 14 },
      { header: '意向课程', key: 'subject', width: 20 },
      { header: '咨询内容', key: 'content', width: 40 },
      { header: '跟进状态', key: 'status', width: 10 },
      { header: '跟进备注', key: 'followRemark', width: 30 },
      { header: '跟进时间', key: 'followTime', width: 20 },
    ];
    for (const r of rows.map(present)) ws.addRow({ ...r, status: COUNSEL_FOLLOW_LABELS[r.followStatus] ?? '' });
    ws.getRow(1).font = { bold: true };
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    return { fileName: `咨询登记-${formatTime(new Date()).slice(0, 10)}.xlsx`, body };
  }
}
