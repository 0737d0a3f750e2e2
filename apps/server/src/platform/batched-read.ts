import { BatchSlots } from './batch-slots.ts';

/**
 * A read asked for by many requests one at a time, run many to a statement: the asks of one turn of the event
 * loop, and those arriving while a read runs, are the next read (one at a time, at most `max` asks each). Under load
 * a request then shares its round trip to the database instead of paying one of its own; a lone ask is read at the
 * next turn. `run` answers each ask, in the order given; when it fails, every ask of that read fails with it.
 */
export function batchedRead<A, R>(opts: { max: number; run: (asks: A[]) => Promise<R[]> }): (ask: A) => Promise<R> {
  const waiting: { ask: A; resolve: (r: R) => void; reject: (err: unknown) => void }[] = [];
  const slots = new BatchSlots({
    maxInFlight: 1,
    take: () => {
      if (!waiting.length) return undefined;
      const batch = waiting.splice(0, opts.max);
      return async () => {
        try {
          const answers = await opts.run(batch.map((w) => w.ask));
          batch.forEach((w, i) => w.resolve(answers[i]!));
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      };
    },
  });
  return (ask) =>
    new Promise((resolve, reject) => {
      waiting.push({ ask, resolve, reject });
      slots.schedule();
    });
}
