import { Link } from '../../components/link.tsx';
import { h5PathOf } from '#contract/device.ts';
import { formatMoney } from '#contract/money.ts';
import { SEARCH_TYPE_NAMES, searchHitPath, type TSearchHit } from '#contract/search.ts';
import { PRICED } from './search-load.ts';

/**
 * One result. `titleHtml` and `summaryHtml` come from the server escaped, with only <mark> added around the
 * matched words (modules/search/highlight.ts), so they are set as HTML and nothing else can reach the page.
 */
export function SearchHit({ hit, h5 = false }: { hit: TSearchHit; h5?: boolean }) {
  const pc = searchHitPath(hit.type, hit.id);
  // a kind H5 has no page for opens the PC page
  const to = h5 ? (h5PathOf(pc) ?? pc) : pc;
  return (
    <li className="qk-hit">
      {hit.pic ? <img className="qk-hit__pic" src={hit.pic} alt="" loading="lazy" /> : null}
      <div className="qk-hit__body">
        <Link to={to} className="qk-hit__title" dangerouslySetInnerHTML={{ __html: hit.titleHtml }} />
        {hit.summaryHtml ? (
          <p className="qk-hit__summary" dangerouslySetInnerHTML={{ __html: hit.summaryHtml }} />
        ) : null}
        <p className="qk-hit__meta">
          <span className="qk-hit__type">{SEARCH_TYPE_NAMES[hit.type]}</span>
          {hit.byName ? <span>{hit.byName}</span> : null}
          {PRICED.has(hit.type) ? (
            <span className={hit.price ? 'qk-hit__price' : 'qk-hit__price is-free'}>
              {hit.price ? formatMoney(hit.price) : '免费'}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
