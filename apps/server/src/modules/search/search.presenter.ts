import { excerpt, highlight } from './highlight.ts';
import type { HitRow } from './search.repo.ts';

/** A result row as the search page shows it, the keyword's words marked in its title and excerpt. */
export function present(r: HitRow, marks: string[]) {
  return {
    type: r.doc_type,
    id: r.id,
    title: r.title,
    titleHtml: highlight(r.title, marks),
    summaryHtml: excerpt(r.summary, marks),
    byName: r.by_name,
    pic: r.pic,
    categoryId: r.category_id ?? '',
    price: Number(r.price),
    popularity: r.popularity,
  };
}
