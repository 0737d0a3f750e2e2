/**
 * The indexer port (decision 46): how the domains that own searchable things keep the one search index current.
 * An owner registers a source for each of its types, which answers what a visitor may see of its rows, and calls
 * `changed` in the same request as every publish, edit, hide or delete; the index then reads the row through the
 * source and writes it, or removes it when the source no longer answers it. Live courses feed it the same way
 * (type 2) once they exist.
 */
export interface SearchDoc {
  refId: bigint;
  title: string;
  summary: string;
  /** who made it: the lecturer, the author or the asker; found by name */
  byName: string;
  /** further words that find it but are not shown: category names, tags, labels */
  extra: string;
  pic: string;
  /** the category and its ancestors */
  categoryIds: bigint[];
  /** fen; 0 free */
  price: number;
  /** buyers and learners, readers, answers: the order of results of equal relevance */
  popularity: number;
}

export interface SearchSource {
  /** The visible rows among `refIds` (others are hidden, unpublished, deleted or never were). */
  load(siteId: bigint, refIds: bigint[]): Promise<SearchDoc[]>;
  /** The visible rows of a site in id order after `afterId`, at most `limit`: the rebuild reads them all. */
  scan(siteId: bigint, afterId: bigint, limit: number): Promise<SearchDoc[]>;
  /** Names the segmenter should keep whole (course titles' Chinese words, lecturer names). */
  siteWords?(siteId: bigint): Promise<string[]>;
}

export interface Indexer {
  /** Registers the source of one search type; a type has one source. */
  source(type: number, source: SearchSource): void;
  /** Re-reads these rows of a type through its source and writes or removes their entries now. */
  changed(siteId: bigint, type: number, refIds: bigint | bigint[]): Promise<void>;
}
