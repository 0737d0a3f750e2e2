import type { Db } from './client.ts';

/**
 * Runs `fn` in one transaction and gives it the transaction as a `Db`, so repos and statements built for the
 * database take it unchanged (drizzle's transaction is a database of both drivers, PGlite's and node-postgres's,
 * that runs on one connection). A throw rolls everything back and is rethrown; a transaction opened inside it
 * is a savepoint.
 */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
