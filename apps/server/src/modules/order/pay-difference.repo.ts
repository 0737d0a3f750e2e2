import { and, count, desc, eq } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { payDifference } from '../../db/schema/order.ts';

export type PayDifferenceRow = typeof payDifference.$inferSelect;
export type NewDifference = Pick<
  typeof payDifference.$inferInsert,
  'kind' | 'orderNo' | 'serialNumber' | 'payType' | 'amount' | 'detail'
>;

/** PayDifference.kind */
export const DifferenceKind = {
  /** paid at the gateway after our order closed: the order was paid all the same */
  LATE_PAID: 'late_paid',
  /** a second attempt of a paid order paid too: that money is owed back */
  PAID_TWICE: 'paid_twice',
  /** the gateway says paid, we do not, and the settlement refused it (amount, channel) */
  UNSETTLED: 'unsettled',
  /** we say paid, the gateway does not */
  NOT_AT_GATEWAY: 'not_at_gateway',
  /** a refund we recorded that the gateway has not confirmed */
  REFUND_UNCONFIRMED: 'refund_unconfirmed',
} as const;

export const DifferenceStatus = { OPEN: 1, HANDLED: 2 } as const;

/** The differences between our books and the gateways', for the administrator. */
export function payDifferenceRepo(db: Db) {
  const ofSite = (siteId: bigint) => eq(payDifference.siteId, siteId);
  return {
    /** Records a difference once per kind and attempt; a second finding of it changes nothing. */
    async record(siteId: bigint, d: NewDifference): Promise<void> {
      await db
        .insert(payDifference)
        .values({ ...d, id: newId(), siteId })
        .onConflictDoNothing();
    },
    async page(siteId: bigint, q: TPageQuery & { statusId?: number }) {
      const where = and(ofSite(siteId), q.statusId ? eq(payDifference.statusId, q.statusId) : undefined);
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(payDifference).where(where).orderBy(desc(payDifference.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(payDifference).where(where),
      ]);
      return { rows, total: total!.n };
    },
    async openCount(siteId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(payDifference)
        .where(and(ofSite(siteId), eq(payDifference.statusId, DifferenceStatus.OPEN)));
      return row!.n;
    },
    async byId(siteId: bigint, id: bigint): Promise<PayDifferenceRow | undefined> {
      const [row] = await db
        .select()
        .from(payDifference)
        .where(and(ofSite(siteId), eq(payDifference.id, id)))
        .limit(1);
      return row;
    },
    /** Marks a difference handled, once: false when it already was. */
    async handle(siteId: bigint, id: bigint, handled: string): Promise<boolean> {
      const rows = await db
        .update(payDifference)
        .set({ statusId: DifferenceStatus.HANDLED, handled, gmtModified: new Date() })
        .where(and(ofSite(siteId), eq(payDifference.id, id), eq(payDifference.statusId, DifferenceStatus.OPEN)))
        .returning({ id: payDifference.id });
      return rows.length > 0;
    },
  };
}
