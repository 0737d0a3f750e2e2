import type { ModuleContext } from '../module.ts';
import { SearchService } from './search.service.ts';
import { searchRoutes } from './search.routes.ts';

export type { Indexer, SearchDoc, SearchSource } from './search.port.ts';
export type { SearchService };

/**
 * Search (decision 46): the one index of everything a visitor may find. It is registered before the domains
 * that own searchable things: each registers its sources with the indexer port and calls it on every change.
 */
export function registerSearch({ on, p, http }: ModuleContext) {
  const search = new SearchService(p);
  http.addHook('onClose', () => search.close());
  searchRoutes(on, search);
  return { search, indexer: search };
}
