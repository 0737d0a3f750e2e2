import crypto from 'node:crypto';
import pg from 'pg';

/**
 * The orders issue's bench data: lecturers with paid courses, buyers signed in, and pending orders whose signed
 * sandbox notices the notice scenario posts. Sales spread over many lecturers and courses, as on a real site:
 * every sale of one lecturer (and one course) waits for the previous one's commit, by design.
 */
export const ORDER_DATA = { lecturers: 100, courses: 400, buyers: 10_000, pendingOrders: 20_000 };

/** The sandbox secret the bench server signs and verifies with (PAY_SANDBOX_SECRET). */
export const BENCH_SANDBOX_SECRET = 'bench-sandbox-secret-not-for-production';

/** Generated ids start here, far below the server's snowflakes and apart from the other generators'. */
const ID_BASE = {
  user: 9n * 10n ** 15n,
  lecturer: 91n * 10n ** 14n,
  course: 92n * 10n ** 14n,
  order: 93n * 10n ** 14n,
  pay: 94n * 10n ** 14n,
};

export interface OrderData {
  /** Buyers who create new orders (the creation scenario): a token each. */
  creators: string[];
  courseIds: string[];
  /** Ready notices for the pending orders, each a body and its signature. */
  notices: { body: string; signature: string }[];
  /** The generated courses and orders, for the checks after the run. */
  courseRange: [string, string];
  orderRange: [string, string];
}

/** What a sandbox payment notice says (platform/pay/sandbox.ts); `paidAt` is an ISO time. */
export interface SandboxNoticeFields {
  serialNumber: string;
  amountFen: number;
  tradeNo: string;
  paidAt: string;
  status?: 'SUCCESS' | 'FAILED';
}

/** A notice as the sandbox gateway sends it: the JSON body and its HMAC-SHA256 under the site's sandbox secret. */
export function signedSandboxNotice(secret: string, n: SandboxNoticeFields): { body: string; signature: string } {
  const body = JSON.stringify({
    serialNumber: n.serialNumber,
    amountFen: n.amountFen,
    tradeNo: n.tradeNo,
    paidAt: n.paidAt,
    status: n.status ?? 'SUCCESS',
  });
  return { body, signature: crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex') };
}

export async function loadOrderData(dbUrl: string): Promise<OrderData> {
  const { lecturers, courses, buyers, pendingOrders } = ORDER_DATA;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const category = (
      await client.query<{ id: string }>(
        `select id::text from course_category where site_id = 10 and category_type = 1 order by id limit 1`,
      )
    ).rows[0];
    if (!category) throw new Error('the demo seed has no course category to put the bench courses in');
    const tokens = Array.from({ length: buyers }, () => crypto.randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
    await client.query('begin');
    await client.query(
      `insert into "user" (id, site_id, mobile, password_hash, nickname, user_type, referral_code)
       select $1::bigint + g, 10, '173' || lpad(g::text, 8, '0'), '!', case when g <= ${lecturers} then '压测讲师' else '压测买家' end || g,
         case when g <= ${lecturers} then 2 else 1 end, 'BO' || g
       from generate_series(1, ${lecturers + buyers}) g`,
      [ID_BASE.user.toString()],
    );
    await client.query(
      `insert into lecturer (id, site_id, user_id, lecturer_name, sort)
       select $1::bigint + g, 10, $2::bigint + g, '压测讲师' || g, 1000 + g from generate_series(1, ${lecturers}) g`,
      [ID_BASE.lecturer.toString(), ID_BASE.user.toString()],
    );
    await client.query(
      `insert into session (token_hash, site_id, subject_kind, subject_id, client_type, expires_at)
       select h, 10, 'user', $1::bigint + ${lecturers} + n, 4, now() + interval '1 day' from unnest($2::text[]) with ordinality as x(h, n)`,
      [ID_BASE.user.toString(), hashes],
    );
    await client.query(
      `insert into course (id, site_id, lecturer_user_id, category_id, course_type, course_name, is_free, ruling_price, course_price, period_total, sort)
       select $1::bigint + g, 10, $2::bigint + 1 + g % ${lecturers}, $3, 1, '压测付费课 ' || g, 0, 0, 990 + (g % 50) * 100, 0, 100
       from generate_series(1, ${courses}) g`,
      [ID_BASE.course.toString(), ID_BASE.user.toString(), category.id],
    );
    // the second half of the buyers have orders waiting for their notices; the first half creates orders
    const half = buyers / 2;
    await client.query(
      `insert into order_info (id, site_id, order_no, user_id, mobile, product_type, product_id, product_name, course_type,
         lecturer_user_id, price_payable, pay_type, serial_number, expire_at)
       select $1::bigint + g, 10, $1::bigint + g, $2::bigint + ${lecturers} + ${half} + 1 + g % ${half},
         '173' || lpad((${lecturers} + ${half} + 1 + g % ${half})::text, 8, '0'), 1, c.id, c.course_name, 1,
         c.lecturer_user_id, c.course_price, 'sandbox', $4::bigint + g, now() + interval '2 hours'
       from generate_series(0, ${pendingOrders - 1}) g
       join course c on c.site_id = 10 and c.id = $3::bigint + 1 + (g / ${half} + g) % ${courses}`,
      [ID_BASE.order.toString(), ID_BASE.user.toString(), ID_BASE.course.toString(), ID_BASE.pay.toString()],
    );
    await client.query(
      `insert into order_pay (id, site_id, order_id, order_no, serial_number, pay_type, amount)
       select serial_number, 10, id, order_no, serial_number, 'sandbox', price_payable from order_info
       where site_id = 10 and id between $1::bigint and $1::bigint + ${pendingOrders}`,
      [ID_BASE.order.toString()],
    );
    await client.query('commit');
    await client.query(
      'analyze "user"; analyze lecturer; analyze session; analyze course; analyze order_info; analyze order_pay',
    );
    const pays = await client.query<{ serial_number: string; amount: string }>(
      `select serial_number::text, amount::text from order_pay where site_id = 10 and order_id between $1::bigint and $1::bigint + ${pendingOrders} order by id`,
      [ID_BASE.order.toString()],
    );
    const paidAt = new Date().toISOString();
    const notices = pays.rows.map((p) =>
      signedSandboxNotice(BENCH_SANDBOX_SECRET, {
        serialNumber: p.serial_number,
        amountFen: Number(p.amount),
        tradeNo: `SBXBENCH${p.serial_number}`,
        paidAt,
      }),
    );
    return {
      creators: tokens.slice(0, half),
      courseIds: Array.from({ length: courses }, (_, i) => (ID_BASE.course + BigInt(i + 1)).toString()),
      notices,
      courseRange: [(ID_BASE.course + 1n).toString(), (ID_BASE.course + BigInt(courses)).toString()],
      orderRange: [ID_BASE.order.toString(), (ID_BASE.order + BigInt(pendingOrders)).toString()],
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

export interface OrderOutcome {
  created: number;
  paid: number;
  /** courses whose buyer count differs from their paid orders: a grant counted twice (or lost) */
  buyerCountOff: number;
  /** orders with more than one share (or reward) row */
  doubleCredits: number;
  /** purchase messages beyond one per paid order */
  extraMessages: number;
  /** accounts whose balances differ from the sums of their ledger rows */
  ledgerOff: number;
}

/** What the two scenarios left: orders made, orders paid, and every way a notice could have been counted twice. */
export async function orderOutcome(dbUrl: string, data: OrderData): Promise<OrderOutcome> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const [c0, c1] = data.courseRange;
    const [o0, o1] = data.orderRange;
    const r = await client.query<Record<keyof OrderOutcome, string>>(
      `select
        (select count(*) from order_info where site_id = 10 and product_id between $1 and $2 and id not between $3 and $4) as created,
        (select count(*) from order_info where site_id = 10 and id between $3 and $4 and order_status = 2) as paid,
        (select count(*) from course c where c.site_id = 10 and c.id between $1 and $2
           and c.count_buy <> (select count(*) from order_info o where o.site_id = 10 and o.product_id = c.id and o.order_status = 2)) as "buyerCountOff",
        (select count(*) from (select 1 from account_ledger where site_id = 10 and order_no is not null group by order_no, user_id, kind having count(*) > 1) d) as "doubleCredits",
        (select count(*) - (select count(*) from order_info where site_id = 10 and order_status = 2 and product_type = 1)
           from msg where site_id = 10 and msg_title = '购买成功') as "extraMessages",
        (select count(*) from money_account a
           cross join lateral (select coalesce(sum(available_delta), 0) as av, coalesce(sum(frozen_delta), 0) as fr, coalesce(sum(withdrawn_delta), 0) as wd
             from account_ledger l where l.site_id = 10 and l.user_id = a.user_id) s
           where a.site_id = 10 and (a.available_amount <> s.av or a.frozen_amount <> s.fr or a.withdrawn_amount <> s.wd)) as "ledgerOff"`,
      [c0, c1, o0, o1],
    );
    const row = r.rows[0]!;
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as OrderOutcome;
  } finally {
    await client.end();
  }
}
