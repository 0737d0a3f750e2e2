import type { Packed } from '../lib/packed.ts';
import { scriptContent } from '../lib/packed.ts';

/**
 * Where a packed answer's text is written on a first load (lib/packed.ts): a JSON script element, which the browser
 * neither runs nor shows. Nothing when the text travelled in the loader data (a navigation).
 */
export function PackedText({ of }: { of: Packed<unknown> | undefined }) {
  if (!of?.script) return null;
  return <script type="application/json" id={of.script} dangerouslySetInnerHTML={{ __html: scriptContent(of) }} />;
}
