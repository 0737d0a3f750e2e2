import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders } from '../../testing/people.ts';

/**
 * The "after 10,000 orders the ledger sums equal the balances", on PostgreSQL (TEST_DATABASE_URL), with
 * eight notices in flight at once. The embedded database runs the same check on 500 orders: it settles one
 * transaction at a time, so more would only make the default test run minutes longer.
 */
const ORDERS = process.env.TEST_DATABASE_URL ? 10_000 : 500;
const BUYERS = 2_000;
const AT_ONCE = 8;
/** Generated rows use ids far below the server's snowflakes. */
const BASE = 4n * 10n ** 15n;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.call('/system/admin/website/referral/update', { referralRate: 7 }, await adminHeaders(t));
});
afterAll(async () => t?.close());

/** The generated orders' ids (the demo site has orders of its own). */
const mine = (col: string) => sql`${sql.raw(col)} between ${BASE + 100000n} and ${BASE + 100000n + BigInt(ORDERS)}`;
const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.platform.db.execute(q)) as unknown as { rows: T[] }).rows;

describe(`the ledger after ${ORDERS.toLocaleString('en-US')} paid orders`, () => {
  it(
    'has every balance equal to the sums of its rows, and every split in the ledger once',
    { timeout: 20 * 60_000 },
    async () => {
      const site = t.siteId;
      // buyers, half of them referred by the demo recommender; pending orders of the paid demo courses
      await t.platform.db.execute(sql`
      insert into "user" (id, site_id, mobile, password_hash, nickname, referral_code, referrer_id)
      select ${BASE}::bigint + g, ${site}, '176' || lpad(g::text, 8, '0'), '!', '买家' || g, 'VOL' || g,
        case when g % 2 = 0 then (select id from "user" where site_id = ${site} and mobile = '13800000001') end
      from generate_series(1, ${BUYERS}) g`);
      await t.platform.db.execute(sql`
      with c as (
        select id as course_id, course_name, course_price, ruling_price, lecturer_user_id,
          (row_number() over (order by id) - 1)::int as k, (count(*) over ())::int as n
        from course where site_id = ${site} and is_free = 0 and course_price > 0 and status_id = 1
      )
      insert into order_info (id, site_id, order_no, user_id, mobile, product_type, product_id, product_name, course_type,
        lecturer_user_id, ruling_price, price_payable, pay_type, serial_number, expire_at)
      select ${BASE}::bigint + 100000 + g, ${site}, ${BASE}::bigint + 100000 + g, ${BASE}::bigint + 1 + g % ${BUYERS},
        '176' || lpad((1 + g % ${BUYERS})::text, 8, '0'), 1, c.course_id, c.course_name, 1,
        c.lecturer_user_id, c.ruling_price, c.course_price, 'sandbox', ${BASE}::bigint + 1100000 + g, now() + interval '30 minutes'
      from generate_series(0, ${ORDERS - 1}) g join c on c.k = (g / ${BUYERS}) % c.n`);
      await t.platform.db.execute(sql`
      insert into order_pay (id, site_id, order_id, order_no, serial_number, pay_type, amount)
      select id + 2000000, site_id, id, order_no, serial_number, 'sandbox', price_payable from order_info
      where site_id = ${site} and ${mine('id')}`);
      const pays = await rows<{ serial_number: string; amount: string }>(sql`
      select serial_number::text, amount::text from order_pay where site_id = ${site} and ${mine('order_id')} order by id`);
      expect(pays).toHaveLength(ORDERS);

      // every notice arrives, at AT_ONCE a time, and a tenth of them a second time
      let next = 0;
      const accepted: number[] = [];
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (next < pays.length) {
            const p = pays[next++]!;
            const notice = {
              serialNumber: p.serial_number,
              amountFen: Number(p.amount),
              tradeNo: `VOL${p.serial_number}`,
              paidAt: new Date(),
              state: 'paid' as const,
            };
            accepted.push((await t.services.order.notices.process(site, 'sandbox', notice)).result);
            if (next % 10 === 0)
              accepted.push((await t.services.order.notices.process(site, 'sandbox', notice)).result);
          }
        }),
      );
      expect(accepted.filter((r) => r === 1)).toHaveLength(ORDERS);
      expect(accepted.filter((r) => r === 0)).toHaveLength(0);

      const check = await t.call('/user/admin/user/account/check', {}, await adminHeaders(t));
      expect(check.data.mismatches).toEqual([]);
      const [split] = await rows<{
        paid: string;
        orders: string;
        shares: string;
        rewards: string;
        ledger_share: string;
        ledger_reward: string;
        dup: string;
      }>(sql`
      select
        (select count(*) from order_info where site_id = ${site} and order_status = 2 and ${mine('id')}) as paid,
        (select coalesce(sum(price_paid), 0) from order_info where site_id = ${site} and order_status = 2 and ${mine('id')}) as orders,
        (select coalesce(sum(lecturer_profit), 0) from order_info where site_id = ${site} and order_status = 2) as shares,
        (select coalesce(sum(referral_reward), 0) from order_info where site_id = ${site} and order_status = 2) as rewards,
        (select coalesce(sum(available_delta), 0) from account_ledger where site_id = ${site} and kind = 'share') as ledger_share,
        (select coalesce(sum(available_delta), 0) from account_ledger where site_id = ${site} and kind = 'reward') as ledger_reward,
        (select count(*) from (select 1 from account_ledger where site_id = ${site} and order_no is not null group by order_no, user_id, kind having count(*) > 1) d) as dup`);
      expect(Number(split!.paid)).toBe(ORDERS);
      expect(split!.shares).toBe(split!.ledger_share);
      expect(split!.rewards).toBe(split!.ledger_reward);
      expect(Number(split!.dup)).toBe(0);
      const [bought] = await rows<{ n: string }>(
        sql`select count(*) as n from user_course where site_id = ${site} and buy_type = 1 and user_id between ${BASE} and ${BASE + BigInt(BUYERS) + 1n}`,
      );
      expect(Number(bought!.n)).toBe(ORDERS);
    },
  );
});
