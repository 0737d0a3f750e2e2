import type { RouterContextProvider } from 'react-router';
import { serverContext } from '../context.ts';

declare const contents: unique symbol;

/**
 * A loader's answer carried to the browser as one JSON text. React Router's encoder takes every value of loader data
 * apart (an index, a lookup and a piece of text for each of a course page's several hundred values: a tenth of the
 * page's CPU); a text is one value to it. For answers that are plain JSON (the contract's: ids and times as text).
 *
 * On a first load the text does not travel in the loader data at all (decision 77): the encoder would escape it
 * into its stream, and the page's script escape it twice more. It is written once into the page, in a JSON script
 * element (`PackedText`), and the loader data names that element (`script`). A navigation's answer (`.data`) has
 * no page to write into: the text travels in it (`packed`).
 */
export interface Packed<T> {
  readonly packed?: string;
  /** the id of the page's script element holding the text */
  readonly script?: string;
  readonly [contents]?: T;
}

interface Held {
  value: unknown;
  text: string;
}

/** what each packing holds: the server's render reads the very objects, a browser reads the text once */
const held = new WeakMap<Packed<unknown>, Held>();

export interface PackOptions {
  /** the value's JSON text when the caller keeps it made already */
  text?: string;
  /** the id of the script element the text goes into on a first load */
  script?: string;
}

/**
 * Packs a loader's answer. `script` is the id its text is written under on a first load; give it only where the
 * route's component draws `<PackedText of={...}/>` (an id used once a page).
 */
export function pack<T>(
  value: T,
  { text = JSON.stringify(value), script }: PackOptions = {},
  context?: Readonly<RouterContextProvider>,
): Packed<T> {
  const firstLoad = script !== undefined && context !== undefined && context.get(serverContext).firstLoad === true;
  const packing: Packed<T> = firstLoad ? { script } : { packed: text };
  held.set(packing, { value, text });
  return packing;
}

/** The page's own copy of a packed text: the script element the server wrote it into. */
function scriptText(id: string): string {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  if (text == null) throw new Error(`the page's data (#${id}) is missing`);
  return text;
}

function heldOf<T>(packing: Packed<T>): Held {
  let h = held.get(packing);
  if (!h) {
    const text = packing.packed ?? scriptText(packing.script ?? '');
    h = { value: JSON.parse(text), text };
    held.set(packing, h);
  }
  return h;
}

export function unpack<T>(packing: Packed<T>): T {
  return heldOf(packing).value as T;
}

/**
 * The text as a script element's content: `<` written as its JSON escape, so neither `</script>` nor `<!--` in a
 * value can end or change the element (JSON has `<` only inside strings, where the escape reads the same).
 */
export function scriptContent(packing: Packed<unknown>): string {
  return heldOf(packing).text.replace(/</g, '\\u003c');
}
