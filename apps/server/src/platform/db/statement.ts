import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
interface Preparable<R> {
  prepare(name: string): Runnable<R>;
}

/** What Drizzle's database and transaction objects hold: the session whose client runs their statements. */
interface WithSession {
  session: {
    client: unknown;
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): Runnable<{ rows: unknown[] }>;
  };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/**
 * A statement Drizzle builds once, with placeholders where the values go, and that then runs on the connection of
 * whichever database or transaction the caller passes: the pool, a transaction's client, or PGlite. Building a
 * statement (walking its columns and SQL chunks) costs the server more than PostgreSQL spends running a short one,
 * so the statements of the hottest write paths are built once (decision 23).
 *
 * The built query is Drizzle's own prepared query, so parameters are encoded and rows mapped exactly as on the
 * usual path; only its client is the caller's. Its name stays empty: naming is the preparing client's (decision 17).
 *
 *     const byNo = statement<{ siteId: bigint; orderNo: bigint }>()((db) => db.select()…where(eq(orderInfo.orderNo, param('orderNo'))));
 *     const rows = await byNo(tx, { siteId, orderNo });
 */
export function statement<V extends Record<string, unknown>>() {
  return <R>(build: (db: Db) => Preparable<R>): ((db: Db, values: V) => Promise<R>) => {
    let built: Runnable<R> | undefined;
    return (db, values) => {
      built ??= build(db).prepare('');
      const run = Object.create(built) as Runnable<R> & { client: unknown };
      run.client = (db as unknown as WithSession).session.client;
      return run.execute(values);
    };
  };
}

/**
 * As `statement`, for SQL written by hand (a statement of several data-modifying parts, say): `sql.placeholder`
 * marks the values, which reach the driver as given (so times go as ISO text and JSON as text, with casts), and
 * the rows come back as the driver gives them.
 */
export function sqlStatement<V extends Record<string, unknown>>() {
  return (build: () => SQL): ((db: Db, values: V) => Promise<unknown[]>) => {
    let built: Runnable<{ rows: unknown[] }> | undefined;
    return async (db, values) => {
      const d = db as unknown as WithSession;
      built ??= d.session.prepareQuery(d.dialect.sqlToQuery(build()), undefined, '', false);
      const run = Object.create(built) as Runnable<{ rows: unknown[] }> & { client: unknown };
      run.client = d.session.client;
      return (await run.execute(values)).rows;
    };
  };
}

/**
 * The placeholder of a statement's value, typed as the column it fills, so it can stand in `set` and `values`
 * (where Drizzle encodes it by its column) as well as in conditions (where the driver takes it as given).
 */
export const param = <T = never>(name: string): T => sql.placeholder(name) as unknown as T;

/**
 * A list of numbers as one statement value (the text `1,2,3`), for a statement built once that takes a batch of
 * any length: `listOf(name, 'bigint')` reads it back as an array, to be unnested beside the batch's other lists (times
 go as their ISO texts joined the same way, read back by `listOf(name, 'timestamptz')`).
 */
export const joinedList = <T>(items: readonly T[], of: (item: T) => bigint | number): string =>
  items.map((x) => String(of(x))).join(',');
export const listOf = (name: string, type: 'bigint' | 'int' | 'timestamptz'): SQL =>
  sql`string_to_array(${sql.placeholder(name)}::text, ',')::${sql.raw(type)}[]`;

/** A time as a statement value: passed as ISO text (`toISOString()`) and read back as a `timestamptz`. */
export const timeOf = (name: string): SQL => sql`${sql.placeholder(name)}::timestamptz`;
