import type { ContextType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { UNSAFE_DataRouterContext } from 'react-router';
import type { MarkupKeeper } from './kept-markup.ts';

interface Kept {
  deps: readonly unknown[];
  markup: string;
}

// the site's links read the router for its base path only when drawn (a click navigates, which markup never does)
const routerForLinks = { router: { basename: '/' } } as unknown as ContextType<typeof UNSAFE_DataRouterContext>;

/**
 * The server's keeper of markup (lib/kept-markup.ts): kept per owner object (a site's info, replaced at every edit
 * of the site), so what an old owner kept goes with it.
 */
export class ServerMarkupKeeper implements MarkupKeeper {
  private readonly kept = new WeakMap<object, Map<string, Kept>>();

  markup(owner: object, key: string, deps: readonly unknown[], draw: () => ReactElement): string {
    let byKey = this.kept.get(owner);
    if (!byKey) this.kept.set(owner, (byKey = new Map()));
    const hit = byKey.get(key);
    if (hit && hit.deps.length === deps.length && hit.deps.every((d, i) => d === deps[i])) return hit.markup;
    // the string renderer, as the page's: text between values is parted by the same comments
    const markup = renderToString(<UNSAFE_DataRouterContext value={routerForLinks}>{draw()}</UNSAFE_DataRouterContext>);
    // React hoists a resource (an image's preload, a stylesheet) to the page's head, and alone writes it before the
    // markup: kept, it would be in the body, where the browser's render has nothing
    if (/^<(link|meta|title|style|script)\b/.test(markup)) throw new Error(`kept markup "${key}" hoists a resource`);
    byKey.set(key, { deps, markup });
    return markup;
  }
}
