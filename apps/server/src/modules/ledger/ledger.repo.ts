import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { TLedgerKind } from '#contract/account-ledger.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { param, sqlStatement, statement } from '../../platform/db/statement.ts';
import { accountLedger, moneyAccount } from '../../db/schema/ledger.ts';
import { user } from '../../db/schema/user.ts';

export type AccountRow = typeof moneyAccount.$inferSelect;
export type LedgerEntryRow = typeof accountLedger.$inferSelect;

/** One change of one account. Amounts are signed fen. */
export interface Posting {
  siteId: bigint;
  userId: bigint;
  kind: TLedgerKind;
  available?: number;
  frozen?: number;
  withdrawn?: number;
  orderNo?: bigint | null;
  extractId?: bigint | null;
  remark?: string;
}

const SHARE_KINDS: TLedgerKind[] = ['share', 'share_reversal'];
const REWARD_KINDS: TLedgerKind[] = ['reward', 'reward_reversal'];

export interface IncomeDayRow {
  date: string;
  saleCount: number;
  shareAmount: number;
  rewardAmount: number;
}

export interface Mismatch {
  userId: bigint;
  mobile: string;
  availableAmount: number;
  frozenAmount: number;
  withdrawnAmount: number;
  ledgerAvailable: number;
  ledgerFrozen: number;
  ledgerWithdrawn: number;
}

type Amounts = { a: number; f: number; w: number; share: number; reward: number };
const plus = (col: typeof moneyAccount.availableAmount, name: keyof Amounts) =>
  sql`${col} + ${sql.placeholder(name)}::bigint`;
const balances = {
  availableAmount: moneyAccount.availableAmount,
  frozenAmount: moneyAccount.frozenAmount,
  withdrawnAmount: moneyAccount.withdrawnAmount,
};
// every paid order credits through these two, so they are built once (decision 23)
const creditQ = statement<Amounts & { id: bigint; siteId: bigint; userId: bigint; now: Date }>()((db) =>
  db
    .insert(moneyAccount)
    .values({
      id: param('id'),
      siteId: param('siteId'),
      userId: param('userId'),
      availableAmount: param('a'),
      frozenAmount: param('f'),
      withdrawnAmount: param('w'),
      totalShare: param('share'),
      totalReward: param('reward'),
    })
    .onConflictDoUpdate({
      target: [moneyAccount.siteId, moneyAccount.userId],
      set: {
        availableAmount: plus(moneyAccount.availableAmount, 'a'),
        frozenAmount: plus(moneyAccount.frozenAmount, 'f'),
        withdrawnAmount: plus(moneyAccount.withdrawnAmount, 'w'),
        totalShare: plus(moneyAccount.totalShare, 'share'),
        totalReward: plus(moneyAccount.totalReward, 'reward'),
        gmtModified: param('now'),
      },
    })
    .returning(balances),
);
type Credit = Amounts & {
  accountId: bigint;
  id: bigint;
  siteId: bigint;
  userId: bigint;
  kind: string;
  orderNo: bigint | null;
  remark: string;
};
const cp = (name: keyof Credit) => sql.placeholder(name);
/** A posting that only adds (an order's share or reward): the account and its ledger row in one statement. */
const creditEntryQ = sqlStatement<Credit>()(
  () => sql`with a as (
      insert into ${moneyAccount} (id, site_id, user_id, available_amount, frozen_amount, withdrawn_amount, total_share, total_reward)
      values (${cp('accountId')}, ${cp('siteId')}, ${cp('userId')}, ${cp('a')}, ${cp('f')}, ${cp('w')}, ${cp('share')}, ${cp('reward')})
      on conflict (site_id, user_id) do update set
        available_amount = ${moneyAccount}.available_amount + excluded.available_amount,
        frozen_amount = ${moneyAccount}.frozen_amount + excluded.frozen_amount,
        withdrawn_amount = ${moneyAccount}.withdrawn_amount + excluded.withdrawn_amount,
        total_share = ${moneyAccount}.total_share + excluded.total_share,
        total_reward = ${moneyAccount}.total_reward + excluded.total_reward,
        gmt_modified = now()
      returning available_amount, frozen_amount, withdrawn_amount
    )
    insert into ${accountLedger} (id, site_id, user_id, kind, available_delta, frozen_delta, withdrawn_delta,
      available_after, frozen_after, withdrawn_after, order_no, remark)
    select ${cp('id')}, ${cp('siteId')}, ${cp('userId')}, ${cp('kind')}, ${cp('a')}, ${cp('f')}, ${cp('w')},
      available_amount, frozen_amount, withdrawn_amount, ${cp('orderNo')}, ${cp('remark')} from a`,
);
type EntryValues = Required<Omit<typeof accountLedger.$inferInsert, 'gmtCreate'>>;
const ENTRY = [
  'id',
  'siteId',
  'userId',
  'kind',
  'availableDelta',
  'frozenDelta',
  'withdrawnDelta',
  'availableAfter',
  'frozenAfter',
  'withdrawnAfter',
  'orderNo',
  'extractId',
  'remark',
] as const;
const entryQ = statement<EntryValues>()((db) =>
  db
    .insert(accountLedger)
    .values(Object.fromEntries(ENTRY.map((k) => [k, param(k)])) as EntryValues)
    .returning(),
);

/**
 * Money accounts and their ledger. `post` and `credit` are the only writers of balances: each changes the account
 * and writes the row that says so (two statements, or one for `credit`), inside the caller's transaction, and the
 * account row stays locked until that transaction ends, so the balances after each row follow one another.
 */
export function ledgerRepo(db: Db) {
  return {
    /**
     * Applies a posting. With `mustCover`, money leaves the available balance only if it is there (a withdrawal):
     * undefined when it is not, and nothing is written.
     */
    async post(e: Posting, opts: { mustCover?: boolean } = {}): Promise<LedgerEntryRow | undefined> {
      const a = e.available ?? 0;
      const f = e.frozen ?? 0;
      const w = e.withdrawn ?? 0;
      const share = SHARE_KINDS.includes(e.kind) ? a : 0;
      const reward = REWARD_KINDS.includes(e.kind) ? a : 0;
      const mine = and(eq(moneyAccount.siteId, e.siteId), eq(moneyAccount.userId, e.userId));
      const [acct] = opts.mustCover
        ? await db
            .update(moneyAccount)
            .set({
              availableAmount: sql`${moneyAccount.availableAmount} + ${a}::bigint`,
              frozenAmount: sql`${moneyAccount.frozenAmount} + ${f}::bigint`,
              withdrawnAmount: sql`${moneyAccount.withdrawnAmount} + ${w}::bigint`,
              totalShare: sql`${moneyAccount.totalShare} + ${share}::bigint`,
              totalReward: sql`${moneyAccount.totalReward} + ${reward}::bigint`,
              gmtModified: new Date(),
            })
            .where(and(mine, sql`${moneyAccount.availableAmount} + ${a}::bigint >= 0`))
            .returning(balances)
        : await creditQ(db, {
            id: newId(),
            siteId: e.siteId,
            userId: e.userId,
            a,
            f,
            w,
            share,
            reward,
            now: new Date(),
          });
      if (!acct) return undefined;
      const [row] = await entryQ(db, {
        id: newId(),
        siteId: e.siteId,
        userId: e.userId,
        kind: e.kind,
        availableDelta: a,
        frozenDelta: f,
        withdrawnDelta: w,
        availableAfter: acct.availableAmount,
        frozenAfter: acct.frozenAmount,
        withdrawnAfter: acct.withdrawnAmount,
        orderNo: e.orderNo ?? null,
        extractId: e.extractId ?? null,
        remark: e.remark ?? '',
      });
      return row!;
    },

    /**
     * As `post` for a posting that only adds to an account (an order's share or reward), in one statement instead
     * of two, for the payment notices that write one or two on every sale; the caller needs no row back.
     */
    async credit(e: Posting): Promise<void> {
      const a = e.available ?? 0;
      const f = e.frozen ?? 0;
      const w = e.withdrawn ?? 0;
      await creditEntryQ(db, {
        accountId: newId(),
        id: newId(),
        siteId: e.siteId,
        userId: e.userId,
        kind: e.kind,
        a,
        f,
        w,
        share: SHARE_KINDS.includes(e.kind) ? a : 0,
        reward: REWARD_KINDS.includes(e.kind) ? a : 0,
        orderNo: e.orderNo ?? null,
        remark: e.remark ?? '',
      });
    },

    async account(siteId: bigint, userId: bigint): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(moneyAccount)
        .where(and(eq(moneyAccount.siteId, siteId), eq(moneyAccount.userId, userId)))
        .limit(1);
      return row;
    },

    async page(
      siteId: bigint,
      userId: bigint,
      q: TPageQuery,
      kind?: TLedgerKind,
    ): Promise<{ rows: LedgerEntryRow[]; total: number }> {
      const where = and(
        eq(accountLedger.siteId, siteId),
        eq(accountLedger.userId, userId),
        kind ? eq(accountLedger.kind, kind) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(accountLedger).where(where).orderBy(desc(accountLedger.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(accountLedger).where(where),
      ]);
      return { rows, total: total!.n };
    },

    /** Every row an order wrote, with the mobile of whose account it moved. */
    async ofOrder(siteId: bigint, orderNo: bigint): Promise<(LedgerEntryRow & { mobile: string })[]> {
      const rows = await db
        .select({ l: accountLedger, mobile: user.mobile })
        .from(accountLedger)
        .leftJoin(user, and(eq(user.siteId, accountLedger.siteId), eq(user.id, accountLedger.userId)))
        .where(and(eq(accountLedger.siteId, siteId), eq(accountLedger.orderNo, orderNo)))
        .orderBy(accountLedger.id);
      return rows.map((r) => ({ ...r.l, mobile: r.mobile ?? '' }));
    },

    /** Share and reward rows per Asia/Shanghai day in [from, to). */
    async incomeByDay(siteId: bigint, userId: bigint, from: Date, to: Date): Promise<IncomeDayRow[]> {
      const day = sql<string>`to_char(${accountLedger.gmtCreate} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          date: day,
          saleCount: sql<number>`count(*) filter (where ${accountLedger.kind} = 'share')::int`,
          shareAmount: sql<string>`coalesce(sum(${accountLedger.availableDelta}) filter (where ${inArray(accountLedger.kind, SHARE_KINDS)}), 0)`,
          rewardAmount: sql<string>`coalesce(sum(${accountLedger.availableDelta}) filter (where ${inArray(accountLedger.kind, REWARD_KINDS)}), 0)`,
        })
        .from(accountLedger)
        .where(
          and(
            eq(accountLedger.siteId, siteId),
            eq(accountLedger.userId, userId),
            inArray(accountLedger.kind, [...SHARE_KINDS, ...REWARD_KINDS]),
            gte(accountLedger.gmtCreate, from),
            lt(accountLedger.gmtCreate, to),
          ),
        )
        .groupBy(day);
      return rows.map((r) => ({
        date: r.date,
        saleCount: Number(r.saleCount),
        shareAmount: Number(r.shareAmount),
        rewardAmount: Number(r.rewardAmount),
      }));
    },

    /** Accounts with their owners, the largest available balance first. */
    async accountsPage(siteId: bigint, q: TPageQuery & { mobile: string }) {
      const where = and(
        eq(moneyAccount.siteId, siteId),
        q.mobile ? sql`${user.mobile} like ${containing(q.mobile)}` : undefined,
      );
      const join = and(eq(user.siteId, moneyAccount.siteId), eq(user.id, moneyAccount.userId));
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select({ a: moneyAccount, mobile: user.mobile, nickname: user.nickname })
          .from(moneyAccount)
          .innerJoin(user, join)
          .where(where)
          .orderBy(desc(moneyAccount.availableAmount), desc(moneyAccount.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(moneyAccount).innerJoin(user, join).where(where),
      ]);
      return { rows, total: total!.n };
    },

    /**
     * Accounts whose balances differ from the sums of their ledger rows (or whose balances do not add up to what
     * they earned), and how many accounts were checked. Rows without an account count as a mismatch too.
     */
    async check(siteId: bigint): Promise<{ accountCount: number; mismatches: Mismatch[] }> {
      const sums = sql`
        select user_id,
          sum(available_delta) as av, sum(frozen_delta) as fr, sum(withdrawn_delta) as wd,
          coalesce(sum(available_delta) filter (where kind in ('share', 'share_reversal')), 0) as sh,
          coalesce(sum(available_delta) filter (where kind in ('reward', 'reward_reversal')), 0) as rw
        from ${accountLedger} where site_id = ${siteId} group by user_id`;
      const found = rowsOf<Record<string, string | number | null>>(
        await db.execute(sql`
          select coalesce(a.user_id, l.user_id) as user_id, coalesce(u.mobile, '') as mobile,
            coalesce(a.available_amount, 0) as available_amount, coalesce(a.frozen_amount, 0) as frozen_amount,
            coalesce(a.withdrawn_amount, 0) as withdrawn_amount,
            coalesce(l.av, 0) as ledger_available, coalesce(l.fr, 0) as ledger_frozen, coalesce(l.wd, 0) as ledger_withdrawn
          from (select * from ${moneyAccount} where site_id = ${siteId}) a
          full join (${sums}) l on l.user_id = a.user_id
          left join ${user} u on u.site_id = ${siteId} and u.id = coalesce(a.user_id, l.user_id)
          where a.user_id is null or l.user_id is null
            or a.available_amount <> l.av or a.frozen_amount <> l.fr or a.withdrawn_amount <> l.wd
            or a.total_share <> l.sh or a.total_reward <> l.rw
            or a.available_amount + a.frozen_amount + a.withdrawn_amount <> a.total_share + a.total_reward
          order by 1 limit 100`),
      );
      const [n] = await db.select({ n: count() }).from(moneyAccount).where(eq(moneyAccount.siteId, siteId));
      return {
        accountCount: n!.n,
        mismatches: found.map((r) => ({
          userId: BigInt(String(r.user_id)),
          mobile: String(r.mobile ?? ''),
          availableAmount: Number(r.available_amount),
          frozenAmount: Number(r.frozen_amount),
          withdrawnAmount: Number(r.withdrawn_amount),
          ledgerAvailable: Number(r.ledger_available),
          ledgerFrozen: Number(r.ledger_frozen),
          ledgerWithdrawn: Number(r.ledger_withdrawn),
        })),
      };
    },
  };
}
export type LedgerRepo = ReturnType<typeof ledgerRepo>;
