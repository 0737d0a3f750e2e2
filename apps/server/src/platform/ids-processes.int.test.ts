import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client.ts';

const MINTER = path.resolve(import.meta.dirname, '../testing/mint-ids.ts');
const PER_PROCESS = 120_000;
const base = process.env.TEST_DATABASE_URL;

/** A child minting ids: resolves `leased` with its worker number, `done` once its ids are written. */
function minter(url: string, file: string) {
  const proc = spawn(process.execPath, [MINTER, url, String(PER_PROCESS), file], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const seen = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(out);
        if (m) resolve(m);
      };
      proc.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        check();
      });
      proc.on('exit', (code) => reject(new Error(`minter exited ${code}: ${err}`)));
    });
  return { proc, leased: seen(/leased (\d+)/), done: seen(/done/), go: () => proc.stdin.write('go\n') };
}

const idsIn = (file: string) => {
  const b = fs.readFileSync(file);
  return new BigUint64Array(b.buffer, b.byteOffset, b.length / 8);
};

// two processes on one database need PostgreSQL: the embedded database is opened by one process only
describe.skipIf(!base)('ids minted by two processes on one PostgreSQL database', () => {
  const name = `qk_test_ids_${crypto.randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-ids-'));
  let url: string;
  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
    // migrated once here, so the children only open it
    await (await openPostgres(url, 1)).close();
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('never repeat one: each leases its own worker number, and both mint at full speed at once', async () => {
    const a = minter(url, path.join(dir, 'a'));
    const b = minter(url, path.join(dir, 'b'));
    const workers = [Number((await a.leased)[1]), Number((await b.leased)[1])];
    expect(new Set(workers).size).toBe(2);
    // both wait at the line until both hold a number, then start together
    a.go();
    b.go();
    await Promise.all([a.done, b.done]);
    const all = [...idsIn(path.join(dir, 'a')), ...idsIn(path.join(dir, 'b'))];
    expect(all).toHaveLength(2 * PER_PROCESS);
    expect(new Set(all).size).toBe(all.length);
    // and each process's ids carry its own number
    expect(new Set(idsIn(path.join(dir, 'a')).map((id) => (id >> 12n) & 1023n))).toEqual(
      new Set([BigInt(workers[0]!)]),
    );
  }, 60_000);
});
