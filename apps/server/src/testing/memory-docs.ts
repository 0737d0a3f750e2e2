import type { MemoryDoc } from '../modules/search/memory-index.ts';

let modified = 1000;

/** A search entry as the copy in memory reads it, each one newer than the one before. */
export function memoryDoc(refId: number, title: string, lexemes: string, more: Partial<MemoryDoc> = {}): MemoryDoc {
  return {
    type: 1,
    refId: BigInt(refId),
    title,
    categoryIds: [],
    price: 0,
    popularity: 0,
    modified: ++modified,
    lexemes,
    ...more,
  };
}

/** A time later than every entry made so far. */
export const later = (): number => ++modified;
