import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8's `gc` extension: 'minor' collects the young generation; 'major' with flavor 'last-resort' is V8's
 * memory-reducing collection (several full collections, compacting, the heap's free pages given back to the system).
 */
export type Collect = (options: { type: 'minor' | 'major'; flavor?: 'regular' | 'last-resort' }) => void;

let collect: Collect | null | undefined;

/** V8's collector, taken once without exposing `gc` to the rest of the process; null where V8 refuses. */
export function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  } catch {
    collect = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collect;
}
