import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { containing } from '../../platform/db/page.ts';
import { listOf, sqlStatement } from '../../platform/db/statement.ts';
import { searchDoc, searchGone } from '../../db/schema/search.ts';
import type { MemoryDoc, MemoryQuery } from './memory-index.ts';
import type { SearchDoc } from './search.port.ts';

/** A document as the index stores it: its words already cut by the segmenter. */
export interface IndexedDoc extends SearchDoc {
  titleWords: string;
  byWords: string;
  summaryWords: string;
}

export interface HitRow {
  doc_type: number;
  id: string;
  title: string;
  summary: string;
  by_name: string;
  pic: string;
  category_id: string | null;
  price: string | number;
  popularity: number;
}

export interface Match {
  siteId: bigint;
  /** a tsquery in 'simple' words; '' when the keyword has none */
  tsquery: string;
  keyword: string;
  /** the keyword's words, as the segmenter cut them */
  words: string[];
  /** trigram matching instead of words: what a typo needs */
  fuzzy: boolean;
  /** the same words as the copy in memory matches them (decision 59) */
  query: MemoryQuery;
}

/** An entry as the copies in memory read it (search-mirror.ts). */
export interface MirrorRow {
  type: number;
  refId: string;
  title: string;
  cats: string;
  price: number;
  popularity: number;
  modified: number;
  lexemes: string;
}

/** A removal as the copies in memory read it. */
export interface GoneRow {
  type: number;
  refId: string;
  modified: number;
}

const MIRROR_FIELDS = {
  type: searchDoc.docType,
  refId: sql<string>`${searchDoc.refId}::text`,
  title: searchDoc.title,
  cats: sql<string>`array_to_string(${searchDoc.categoryIds}, ',')`,
  price: sql<number>`${searchDoc.price}::float8`,
  popularity: searchDoc.popularity,
  modified: sql<number>`extract(epoch from ${searchDoc.gmtModified})::float8`,
  lexemes: sql<string>`${searchDoc.tsv}::text`,
};

// the same fields in a raw select: a load reads 200,000 rows, and mapping each through the query builder costs a
// fifth of it
const MIRROR_COLUMNS = sql.join(
  Object.entries(MIRROR_FIELDS).map(([name, field]) => sql`${field} as ${sql.identifier(name)}`),
  sql`, `,
);

export function memoryDocOf(r: MirrorRow): MemoryDoc {
  return {
    type: r.type,
    refId: BigInt(r.refId),
    title: r.title,
    categoryIds: r.cats ? r.cats.split(',').map(BigInt) : [],
    price: Number(r.price),
    popularity: r.popularity,
    modified: Number(r.modified),
    lexemes: r.lexemes,
  };
}

/** Deletes the chosen rows and notes each as gone, in one statement. */
function goneWhere(where: SQL): SQL {
  return sql`with gone as (delete from search_doc where ${where} returning site_id, doc_type, ref_id)
    insert into search_gone (site_id, doc_type, ref_id) select site_id, doc_type, ref_id from gone
    returning doc_type as type, ref_id::text as "refId", extract(epoch from gmt_create)::float8 as modified`;
}

export interface Filter {
  type: number;
  categoryId?: bigint;
  price: '' | 'free' | 'paid';
}

// a swapped pair of letters leaves 'pyhton' only 0.29 of its trigrams in 'python': the default 0.6 finds nothing;
// only asked when no entry has all the words, so the looser bar only ever widens an empty answer
const FUZZY_THRESHOLD = '0.25';

function matchOf(m: Match): SQL {
  return m.fuzzy ? sql`${m.keyword.toLowerCase()} <% trgm` : sql`tsv @@ to_tsquery('simple', ${m.tsquery})`;
}

function scoreOf(m: Match): SQL {
  // a title holding the whole keyword as typed comes first among equals of the word rank, then one holding more of
  // its words whole (数据分析 over 数据…分析)
  const inTitle = (text: string) => sql`(case when title ilike ${containing(text)} then 1 else 0 end)`;
  const words = m.words.length ? sql.join(m.words.map(inTitle), sql` + `) : sql`0`;
  const whole = sql`(${inTitle(m.keyword)} + 0.5 * (${words}) / ${Math.max(1, m.words.length)})`;
  return m.fuzzy
    ? sql`(word_similarity(${m.keyword.toLowerCase()}, trgm) + ${whole})`
    : sql`(ts_rank(tsv, to_tsquery('simple', ${m.tsquery})) + ${whole})`;
}

function filterOf(f: Filter): SQL {
  const conds = [sql`doc_type = ${f.type}`];
  if (f.categoryId !== undefined) conds.push(sql`category_ids @> array[${f.categoryId}]::bigint[]`);
  if (f.price === 'free') conds.push(sql`price = 0`);
  if (f.price === 'paid') conds.push(sql`price > 0`);
  return sql.join(conds, sql` and `);
}

/**
 * The shown fields of a page of entries, a statement built once (decision 23): a search not kept reads them at
 * every page, and building the statement from its ids cost the request thread more than the database spent on it.
 */
const hitsQ = sqlStatement<{ siteId: string; type: number; ids: string }>()(
  () => sql`select doc_type, ref_id::text as id, title, summary, by_name, pic,
      category_ids[1]::text as category_id, price, popularity
    from search_doc where site_id = ${sql.placeholder('siteId')}::bigint and doc_type = ${sql.placeholder('type')}::int
      and ref_id = any(${listOf('ids', 'bigint')})`,
);

export function searchRepo(db: Db) {
  /** Runs the reads of one search; trigram reads need their threshold, set for this transaction only. */
  function reading<T>(m: Match, fn: (db: Db) => Promise<T>): Promise<T> {
    if (!m.fuzzy) return fn(db);
    return withTransaction(db, async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`);
      return fn(tx);
    });
  }

  return {
    /** Writes the entries; answers them as the copies in memory read them. */
    async upsert(siteId: bigint, type: number, docs: IndexedDoc[]): Promise<MirrorRow[]> {
      if (!docs.length) return [];
      const rows = docs.map((d) => ({
        siteId,
        docType: type,
        refId: d.refId,
        title: d.title,
        summary: d.summary,
        byName: d.byName,
        pic: d.pic,
        categoryIds: d.categoryIds,
        price: d.price,
        popularity: d.popularity,
        tsv: sql`setweight(to_tsvector('simple', ${d.titleWords}), 'A') || setweight(to_tsvector('simple', ${d.byWords}), 'B') || setweight(to_tsvector('simple', ${d.summaryWords}), 'C')`,
        trgm: `${d.title} ${d.byName}`.toLowerCase(),
        gmtModified: sql`now()`,
      }));
      return db
        .insert(searchDoc)
        .values(rows as never)
        .onConflictDoUpdate({
          target: [searchDoc.siteId, searchDoc.docType, searchDoc.refId],
          set: {
            title: sql`excluded.title`,
            summary: sql`excluded.summary`,
            byName: sql`excluded.by_name`,
            pic: sql`excluded.pic`,
            categoryIds: sql`excluded.category_ids`,
            price: sql`excluded.price`,
            popularity: sql`excluded.popularity`,
            tsv: sql`excluded.tsv`,
            trgm: sql`excluded.trgm`,
            gmtModified: sql`excluded.gmt_modified`,
          },
        })
        .returning(MIRROR_FIELDS) as Promise<MirrorRow[]>;
    },
    async remove(siteId: bigint, type: number, refIds: bigint[]): Promise<GoneRow[]> {
      if (!refIds.length) return [];
      return rowsOf<GoneRow>(
        await db.execute(
          goneWhere(and(eq(searchDoc.siteId, siteId), eq(searchDoc.docType, type), inArray(searchDoc.refId, refIds))!),
        ),
      );
    },
    /** Removes the rows of a type the rebuild did not write again: they are gone from their source. */
    async removeOlder(siteId: bigint, type: number, before: number): Promise<void> {
      await db.execute(
        goneWhere(sql`site_id = ${siteId} and doc_type = ${type} and gmt_modified < to_timestamp(${before}::float8)`),
      );
    },
    /** The database's clock, in seconds: the times of writes and removals are its. */
    async now(): Promise<number> {
      const [row] = rowsOf<{ now: number }>(await db.execute(sql`select extract(epoch from now())::float8 as now`));
      return Number(row!.now);
    },
    /** A site's entries in key order after (type, refId), at most `limit`: a copy in memory loads them all. */
    async mirrorPage(siteId: bigint, afterType: number, afterRef: bigint, limit: number): Promise<MirrorRow[]> {
      return rowsOf<MirrorRow>(
        await db.execute(sql`select ${MIRROR_COLUMNS} from search_doc
          where site_id = ${siteId} and (doc_type, ref_id) > (${afterType}, ${afterRef})
          order by doc_type, ref_id limit ${limit}`),
      );
    },
    /** Entries written since `since` (seconds, the database's clock). */
    async writtenSince(siteId: bigint, since: number): Promise<MirrorRow[]> {
      return rowsOf<MirrorRow>(
        await db.execute(sql`select ${MIRROR_COLUMNS} from search_doc
          where site_id = ${siteId} and gmt_modified >= to_timestamp(${since}::float8)`),
      );
    },
    /** Entries removed since `since`. */
    async goneSince(siteId: bigint, since: number): Promise<GoneRow[]> {
      return db
        .select({
          type: searchGone.docType,
          refId: sql<string>`${searchGone.refId}::text`,
          modified: sql<number>`extract(epoch from ${searchGone.gmtCreate})::float8`,
        })
        .from(searchGone)
        .where(and(eq(searchGone.siteId, siteId), sql`${searchGone.gmtCreate} >= to_timestamp(${since}::float8)`));
    },
    /** Forgets removals older than `before`: a copy that old loads everything again. */
    async pruneGone(siteId: bigint, before: number): Promise<void> {
      await db.execute(
        sql`delete from search_gone where site_id = ${siteId} and gmt_create < to_timestamp(${before}::float8)`,
      );
    },
    async countAll(siteId: bigint): Promise<number> {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from search_doc where site_id = ${siteId}`),
      );
      return rows[0]?.n ?? 0;
    },

    /** How many entries of each type match: the tabs' counts, the same for every page and tab of a keyword. */
    counts(m: Match) {
      return reading(m, async (tx) =>
        rowsOf<{ doc_type: number; n: number }>(
          await tx.execute(
            sql`select doc_type, count(*)::int as n from search_doc where site_id = ${m.siteId} and ${matchOf(m)} group by doc_type`,
          ),
        ),
      );
    },
    /** How many entries of the filtered type match, when a category or a price narrows it. */
    async total(m: Match, f: Filter): Promise<number> {
      return reading(m, async (tx) => {
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from search_doc where site_id = ${m.siteId} and ${matchOf(m)} and ${filterOf(f)}`,
          ),
        );
        return row?.n ?? 0;
      });
    },
    /** The filtered type's ids in rank order, from `offset`, at most `limit` of them. */
    ranked(m: Match, f: Filter, limit: number, offset = 0) {
      return reading(m, async (tx) =>
        rowsOf<{ id: string }>(
          await tx.execute(sql`select ref_id::text as id from search_doc
            where site_id = ${m.siteId} and ${matchOf(m)} and ${filterOf(f)}
            order by ${scoreOf(m)} desc, popularity desc, ref_id desc limit ${limit} offset ${offset}`),
        ).map((r) => r.id),
      );
    },
    /** The entries of these ids as the result page shows them, in the order given; one gone since is left out. */
    async hits(siteId: bigint, type: number, ids: string[]): Promise<HitRow[]> {
      if (!ids.length) return [];
      const rows = (await hitsQ(db, { siteId: String(siteId), type, ids: ids.join(',') })) as HitRow[];
      const at = new Map(ids.map((id, i) => [id, i]));
      return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
    },
    /** Fresh statistics for the planner after many rows were written at once (a rebuild). */
    async analyze(): Promise<void> {
      await db.execute(sql`analyze search_doc`);
    },
    /** Only the ids of a type's results in rank order: the owners' own search calls present them. */
    ids(m: Match, types: number[], limit: number, offset: number) {
      return reading(m, async (tx) => {
        const typeIn = sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        );
        const where = sql`site_id = ${m.siteId} and doc_type in (${typeIn}) and ${matchOf(m)}`;
        const [count] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from search_doc where ${where}`),
        );
        const total = count?.n ?? 0;
        const rows = total
          ? rowsOf<{ id: string }>(
              await tx.execute(sql`select ref_id::text as id from search_doc where ${where}
                order by ${scoreOf(m)} desc, popularity desc, ref_id desc limit ${limit} offset ${offset}`),
            )
          : [];
        return { ids: rows.map((r) => BigInt(r.id)), total };
      });
    },
    /** Titles holding words that begin with what was typed; courses and the most popular first. */
    async suggest(siteId: bigint, titleQuery: string, keyword: string, limit: number) {
      return rowsOf<{ doc_type: number; id: string; title: string }>(
        await db.execute(sql`select doc_type, ref_id::text as id, title from search_doc
          where site_id = ${siteId} and tsv @@ to_tsquery('simple', ${titleQuery})
          order by (case when title ilike ${containing(keyword)} then 0 else 1 end), (case when doc_type = 1 then 0 when doc_type in (2, 4, 9) then 1 else 2 end),
            popularity desc, ref_id desc
          limit ${limit}`),
      );
    },
  };
}
export type SearchRepo = ReturnType<typeof searchRepo>;
