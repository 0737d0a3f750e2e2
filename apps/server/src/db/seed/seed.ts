import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { seedState } from '../schema/platform.ts';

/**
 * A named, idempotent piece of demo content; later issues add their own to the list in seeders.ts. A seeder that
 * cannot do its work yet (a program it needs is missing) answers `'later'`: it is not recorded, and runs again at
 * the next start.
 */
export interface Seeder {
  name: string;
  run(p: Platform, ctx: SeedContext): Promise<void | 'later'>;
}

export interface SeedContext {
  siteId: bigint;
  publicUrl: string;
}

/**
 * Runs every seeder that has not run yet on this database, each in order, recording it when done; answers the
 * names of those that did their work.
 */
export async function runSeeders(p: Platform, seeders: Seeder[], ctx: SeedContext): Promise<string[]> {
  const ran: string[] = [];
  for (const s of seeders) {
    const [done] = await p.db.select().from(seedState).where(eq(seedState.name, s.name)).limit(1);
    if (done) continue;
    if ((await s.run(p, ctx)) === 'later') continue;
    await p.db.insert(seedState).values({ name: s.name }).onConflictDoNothing();
    ran.push(s.name);
  }
  return ran;
}
