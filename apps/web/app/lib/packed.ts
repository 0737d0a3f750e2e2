declare const contents: unique symbol;

/**
 * A loader's answer carried to the browser as one JSON text. React Router's encoder takes every value of loader data
 * apart (an index, a lookup and a piece of text for each of a course page's several hundred values: a tenth of the
 * page's CPU); a text is one value to it. For answers that are plain JSON (the contract's: ids and times as text).
 */
export interface Packed<T> {
  readonly packed: string;
  readonly [contents]?: T;
}

/** what each packing holds: the server's render reads the very objects, a browser reads the text once */
const held = new WeakMap<Packed<unknown>, unknown>();

/** `text`: the value's JSON text when the caller keeps it made already. */
export function pack<T>(value: T, text = JSON.stringify(value)): Packed<T> {
  const packing: Packed<T> = { packed: text };
  held.set(packing, value);
  return packing;
}

export function unpack<T>(packing: Packed<T>): T {
  if (held.has(packing)) return held.get(packing) as T;
  const value = JSON.parse(packing.packed) as T;
  held.set(packing, value);
  return value;
}
