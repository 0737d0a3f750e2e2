import { createContext, useContext, type ReactElement } from 'react';

/**
 * Markup the same for every visitor while the objects it is drawn from are the same (the site's footer): the server
 * renders it once and keeps it; the browser has no keeper, draws it as ever and hydrates it against the kept markup,
 * which is the markup it would have drawn. What is drawn must not read `useId` (its ids depend on the tree) nor
 * anything of the request that the owner and the deps do not name.
 */
export interface MarkupKeeper {
  /** The markup of `draw()`, rendered at the first call for this owner, key and deps (compared by identity). */
  markup(owner: object, key: string, deps: readonly unknown[], draw: () => ReactElement): string;
}

export const MarkupKeeperContext = createContext<MarkupKeeper | null>(null);

/** The server's keeper, or null in the browser. */
export const useMarkupKeeper = (): MarkupKeeper | null => useContext(MarkupKeeperContext);

const ESCAPED: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** An attribute's value as React writes it into markup. */
export const escapeAttribute = (value: string): string => value.replace(/["&'<>]/g, (c) => ESCAPED[c]!);

/**
 * Kept markup with one value of this request put in: drawn with `mark` where the value goes (an attribute's, the last
 * place the mark is, so text that happens to hold it stays), the mark is replaced by the value escaped as React
 * escapes it.
 */
export function withValue(markup: string, mark: string, value: string): string {
  const written = escapeAttribute(mark);
  const at = markup.lastIndexOf(written);
  return at < 0 ? markup : markup.slice(0, at) + escapeAttribute(value) + markup.slice(at + written.length);
}
