/**
 * A process that only mints ids, for the test of ids across processes: it leases a worker number on the database
 * given, says `leased <n>`, waits for `go` on its input, mints `<count>` ids as fast as it can, writes them to
 * `<file>` (8 bytes each), gives the number back and says `done`.
 * Usage: node mint-ids.ts <database url> <count> <file>
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { openPostgres } from '../platform/db/client.ts';
import { newId } from '../platform/ids.ts';
import { WorkerLease } from '../platform/worker-lease.ts';

const [url, countArg, file] = process.argv.slice(2);
const count = Number(countArg);
const database = await openPostgres(url!, 2);
const lease = new WorkerLease(database.db, {
  warn: (o: unknown) => console.error('warn', o),
  error: (o: unknown) => console.error('error', o),
} as never);
console.log(`leased ${await lease.start()}`);
const input = readline.createInterface({ input: process.stdin });
for await (const line of input) if (line.trim() === 'go') break;
input.close();
const ids = new BigUint64Array(count);
for (let i = 0; i < count; i++) ids[i] = newId();
fs.writeFileSync(file!, Buffer.from(ids.buffer));
await lease.stop();
await database.close();
console.log('done');
