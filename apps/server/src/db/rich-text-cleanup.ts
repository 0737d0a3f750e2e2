import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../platform/context.ts';
import { rowsOf } from '../platform/db/client.ts';
import { sanitizeRichText } from '../platform/html.ts';
import { seedState } from './schema/platform.ts';

/** Recorded in seed_state once every stored rich column has been cleaned with the allowlist of decision 31. */
export const RICH_TEXT_CLEANUP = 'rich-text-0031';

/** The columns that hold what the contract's rich fields stored; options is a jsonb array of {key, content}. */
const COLUMNS: { table: string; text: string[]; options?: string }[] = [
  { table: 'exam_paper_audit', text: ['description'] },
  { table: 'exam_paper', text: ['description'] },
  { table: 'exam_problem', text: ['problem_content', 'analysis'], options: 'options' },
  { table: 'course', text: ['introduce'] },
  { table: 'course_audit', text: ['introduce'] },
  { table: 'website_nav_article', text: ['art_desc'] },
];

const BATCH = 500;

/**
 * Cleans, once per database, the rich text stored before every rich field was cleaned by the call wrapper: a
 * paper's description was kept raw, and the others kept styles and classes. Runs at start; a row already clean
 * is not written.
 */
export async function cleanStoredRichText(p: Pick<Platform, 'db' | 'log'>): Promise<number> {
  const [done] = await p.db.select().from(seedState).where(eq(seedState.name, RICH_TEXT_CLEANUP)).limit(1);
  if (done) return 0;
  let changed = 0;
  for (const c of COLUMNS) {
    const cols = [...c.text, ...(c.options ? [c.options] : [])];
    let after = '0';
    for (;;) {
      const rows = rowsOf<Record<string, unknown> & { id: string }>(
        await p.db.execute(sql`
          SELECT id::text AS id, ${sql.join(
            cols.map((col) => sql.identifier(col)),
            sql`, `,
          )}
          FROM ${sql.identifier(c.table)} WHERE id > ${after}::bigint ORDER BY id LIMIT ${BATCH}`),
      );
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      for (const row of rows) {
        const sets = [];
        for (const col of c.text) {
          const before = String(row[col] ?? '');
          const clean = sanitizeRichText(before);
          if (clean !== before) sets.push(sql`${sql.identifier(col)} = ${clean}`);
        }
        if (c.options) {
          const raw = row[c.options];
          const options = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { key: string; content: string }[];
          const clean = options.map((o) => ({ ...o, content: sanitizeRichText(o.content) }));
          if (JSON.stringify(clean) !== JSON.stringify(options)) {
            sets.push(sql`${sql.identifier(c.options)} = ${JSON.stringify(clean)}::jsonb`);
          }
        }
        if (sets.length === 0) continue;
        await p.db.execute(
          sql`UPDATE ${sql.identifier(c.table)} SET ${sql.join(sets, sql`, `)} WHERE id = ${row.id}::bigint`,
        );
        changed++;
      }
      if (rows.length < BATCH) break;
    }
  }
  await p.db.insert(seedState).values({ name: RICH_TEXT_CLEANUP }).onConflictDoNothing();
  if (changed > 0) p.log.info({ rows: changed }, 'stored rich text cleaned');
  return changed;
}
