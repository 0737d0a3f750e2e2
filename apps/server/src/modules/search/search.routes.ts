import * as c from '#contract/search.ts';
import type { Router } from '../../platform/http/route.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(on: Router, search: SearchService) {
  on(c.searchList, ({ site, body }) => search.list(site.id, body));
  on(c.searchSuggest, ({ site, body }) => search.suggest(site.id, body.keyword));
}
