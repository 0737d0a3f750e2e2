import crypto from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paySandboxTrade, paySecret } from '../../db/schema/pay.ts';
import { param, statement } from '../db/statement.ts';

export type SandboxTradeRow = typeof paySandboxTrade.$inferSelect;
export type NewSandboxTrade = Omit<
  typeof paySandboxTrade.$inferInsert,
  'status' | 'tradeNo' | 'gmtPaid' | 'refundNo' | 'refundAmountFen' | 'gmtRefunded' | 'gmtCreate' | 'gmtModified'
>;

const bySerial = (siteId: bigint, serialNumber: string) =>
  and(eq(paySandboxTrade.siteId, siteId), eq(paySandboxTrade.serialNumber, serialNumber));

type TradeValues = Required<Omit<NewSandboxTrade, 'id'>> & { id: bigint };
const TRADE = ['id', 'siteId', 'serialNumber', 'amountFen', 'subject', 'notifyUrl', 'returnUrl', 'expiresAt'] as const;
// every sandbox checkout writes a trade: built once (decision 23)
const insertQ = statement<TradeValues>()((db) =>
  db
    .insert(paySandboxTrade)
    .values(Object.fromEntries(TRADE.map((k) => [k, param(k)])) as TradeValues)
    .onConflictDoNothing()
    .returning(),
);
const findQ = statement<{ siteId: bigint; serialNumber: string }>()((db) =>
  db
    .select()
    .from(paySandboxTrade)
    .where(and(eq(paySandboxTrade.siteId, param('siteId')), eq(paySandboxTrade.serialNumber, param('serialNumber'))))
    .limit(1),
);

export function sandboxRepo(db: Db) {
  return {
    /** Records a trade; a serial number already recorded keeps its first trade, which is returned. */
    async insertOnce(values: NewSandboxTrade): Promise<SandboxTradeRow> {
      const [made] = await insertQ(db, Object.fromEntries(TRADE.map((k) => [k, values[k]])) as TradeValues);
      return made ?? (await this.find(values.siteId, values.serialNumber))!;
    },
    async find(siteId: bigint, serialNumber: string): Promise<SandboxTradeRow | undefined> {
      const [row] = await findQ(db, { siteId, serialNumber });
      return row;
    },
    /**
     * Marks a created, unexpired trade paid and runs `then` in the same transaction (the notice job is enqueued
     * there, so a paid trade always has its notice). Returns the trade as it stands and whether this call paid it.
     */
    async pay(
      siteId: bigint,
      serialNumber: string,
      tradeNo: string,
      then: (tx: Db, row: SandboxTradeRow) => Promise<void>,
    ): Promise<{ row: SandboxTradeRow | undefined; paidNow: boolean }> {
      return db.transaction(async (tx) => {
        const [paid] = await tx
          .update(paySandboxTrade)
          .set({ status: 1, tradeNo, gmtPaid: sql`now()`, gmtModified: sql`now()` })
          .where(
            and(
              bySerial(siteId, serialNumber),
              eq(paySandboxTrade.status, 0),
              sql`${paySandboxTrade.expiresAt} > now()`,
            ),
          )
          .returning();
        if (paid) {
          await then(tx, paid);
          return { row: paid, paidNow: true };
        }
        const [row] = await tx.select().from(paySandboxTrade).where(bySerial(siteId, serialNumber)).limit(1);
        return { row, paidNow: false };
      });
    },
    /**
     * Marks a paid trade refunded under `refundNo`, if the amount fits and the trade number (when given) is its
     * own. Returns the trade as it stands and whether this call refunded it; one statement, so two refunds racing
     * for the trade cannot both win.
     */
    async refund(
      siteId: bigint,
      serialNumber: string,
      r: { refundNo: string; amountFen: number; tradeNo?: string },
    ): Promise<{ row: SandboxTradeRow | undefined; refundedNow: boolean }> {
      const [refunded] = await db
        .update(paySandboxTrade)
        .set({
          status: 2,
          refundNo: r.refundNo,
          refundAmountFen: r.amountFen,
          gmtRefunded: sql`now()`,
          gmtModified: sql`now()`,
        })
        .where(
          and(
            bySerial(siteId, serialNumber),
            eq(paySandboxTrade.status, 1),
            gte(paySandboxTrade.amountFen, r.amountFen),
            r.tradeNo ? eq(paySandboxTrade.tradeNo, r.tradeNo) : undefined,
          ),
        )
        .returning();
      if (refunded) return { row: refunded, refundedNow: true };
      return { row: await this.find(siteId, serialNumber), refundedNow: false };
    },
    /** Closes a trade not yet paid (its cashier then refuses it, as an expired one); the trade as it stands. */
    async close(siteId: bigint, serialNumber: string): Promise<SandboxTradeRow | undefined> {
      await db
        .update(paySandboxTrade)
        .set({ expiresAt: sql`least(${paySandboxTrade.expiresAt}, now())`, gmtModified: sql`now()` })
        .where(and(bySerial(siteId, serialNumber), eq(paySandboxTrade.status, 0)));
      return this.find(siteId, serialNumber);
    },
    /** The named secret, made at random by whichever process asks first; every process then reads the same one. */
    async secret(name: string): Promise<Buffer> {
      await db
        .insert(paySecret)
        .values({ name, secret: crypto.randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select().from(paySecret).where(eq(paySecret.name, name)).limit(1);
      return Buffer.from(row!.secret, 'hex');
    },
  };
}
export type SandboxRepo = ReturnType<typeof sandboxRepo>;
