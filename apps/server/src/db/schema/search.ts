import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { siteId } from './common.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The one search index (decision 46): a row per thing a visitor may find, written by the search domain when the
 * owning domain reports a change. `docType` is the spec's search type (1 course, 2 live, 4 resource, 5 paper,
 * 6 blog, 7 question, 8 information article, 9 library). Only what a visitor may see has a row: a hidden,
 * unpublished or deleted thing is removed, so no query needs a visibility test. `tsv` holds the
 * jieba-segmented words under the 'simple' configuration (title A, people and category B, summary C); `trgm`
 * the lower-cased title and people for partial words and typos.
 */
export const searchDoc = pgTable(
  'search_doc',
  {
    siteId: siteId(),
    docType: integer('doc_type').notNull(),
    refId: bigint('ref_id', { mode: 'bigint' }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** who made it: the lecturer, the author, the asker */
    byName: text('by_name').notNull().default(''),
    pic: text('pic').notNull().default(''),
    /** the category and its ancestors, so filtering by a first-level category finds its sub-categories' rows */
    categoryIds: bigint('category_ids', { mode: 'bigint' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** fen; 0 free */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    tsv: tsvector('tsv').notNull(),
    trgm: text('trgm').notNull(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.docType, t.refId] }),
    index('search_doc_tsv_idx').using('gin', t.tsv),
    index('search_doc_trgm_idx').using('gin', sql`${t.trgm} gin_trgm_ops`),
    index('search_doc_category_idx').using('gin', t.categoryIds),
    index('search_doc_popular_idx').on(t.siteId, t.docType, t.popularity.desc()),
    // each process's copy in memory reads what changed since its last look (decision 59)
    index('search_doc_modified_idx').on(t.siteId, t.gmtModified),
  ],
);

/**
 * Entries removed from the index, kept an hour (decision 59): the processes' copies in memory learn removals from it,
 * as they learn writes from `search_doc.gmt_modified`.
 */
export const searchGone = pgTable(
  'search_gone',
  {
    siteId: siteId(),
    docType: integer('doc_type').notNull(),
    refId: bigint('ref_id', { mode: 'bigint' }).notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_gone_site_time_idx').on(t.siteId, t.gmtCreate)],
);
