import type { z } from 'zod';
import type { VipSetFields } from '#contract/order-admin.ts';
import type { Platform } from '../../platform/context.ts';
import { siteListRepo, type SiteListRepo } from '../../platform/db/site-list.ts';
import { notFound } from '../../platform/http/errors.ts';
import { formatTime } from '../../platform/time.ts';
import { vipSet } from '../../db/schema/order.ts';

export type VipSetRow = typeof vipSet.$inferSelect;
type Fields = z.output<typeof VipSetFields>;

const presentVipSet = (r: VipSetRow) => ({
  id: String(r.id),
  setName: r.setName,
  days: r.days,
  price: r.price,
  rulingPrice: r.rulingPrice,
  sort: r.sort,
});
const presentVipSetAdmin = (r: VipSetRow) => ({
  ...presentVipSet(r),
  statusId: r.statusId,
  gmtCreate: formatTime(r.gmtCreate),
});

/** VIP plans: the public list (/vip) and the administrator's editing. Orders keep their own copy of a plan. */
export class VipSetService {
  private readonly repo: SiteListRepo<typeof vipSet>;
  constructor(p: Platform) {
    this.repo = siteListRepo(p.db, vipSet);
  }

  async list(siteId: bigint) {
    return (await this.repo.list(siteId, { enabledOnly: true })).map(presentVipSet);
  }

  /** A plan on sale, for an order. */
  async onSale(siteId: bigint, id: string): Promise<VipSetRow> {
    const row = await this.repo.get(siteId, BigInt(id));
    if (!row || row.statusId !== 1) throw notFound('会员套餐');
    return row;
  }

  async adminList(siteId: bigint) {
    return (await this.repo.list(siteId)).map(presentVipSetAdmin);
  }

  async save(siteId: bigint, fields: Fields) {
    return presentVipSetAdmin(await this.repo.insert(siteId, fields));
  }

  async update(siteId: bigint, id: string, fields: Fields) {
    const row = await this.repo.update(siteId, BigInt(id), fields);
    if (!row) throw notFound('会员套餐');
    return presentVipSetAdmin(row);
  }

  async remove(siteId: bigint, id: string): Promise<null> {
    if (!(await this.repo.remove(siteId, BigInt(id)))) throw notFound('会员套餐');
    return null;
  }
}
