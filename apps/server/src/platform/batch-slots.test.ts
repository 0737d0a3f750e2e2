import { describe, expect, it } from 'vitest';
import { BatchSlots } from './batch-slots.ts';

const turn = () => new Promise((r) => setImmediate(r));

describe('batch slots', () => {
  it('runs what one turn handed in as one batch, at most two batches at once, the rest when a slot frees', async () => {
    const waiting: number[] = [];
    const groups: number[][] = [];
    const finish: (() => void)[] = [];
    const slots = new BatchSlots({
      maxInFlight: 2,
      take: () => {
        if (!waiting.length) return undefined;
        const group = waiting.splice(0);
        return () =>
          new Promise<void>((resolve) => {
            groups.push(group);
            finish.push(resolve);
          });
      },
    });
    const add = (n: number) => {
      waiting.push(n);
      slots.schedule();
    };
    add(1);
    add(2);
    await turn();
    expect(groups).toEqual([[1, 2]]);
    add(3);
    await turn();
    add(4);
    add(5);
    await turn();
    // two batches are running: 4 and 5 wait for a free slot, together
    expect(groups).toEqual([[1, 2], [3]]);
    expect(slots.running).toBe(2);
    finish[0]!();
    await turn();
    await turn();
    expect(groups).toEqual([[1, 2], [3], [4, 5]]);
    finish[1]!();
    finish[2]!();
    await turn();
    await turn();
    expect(slots.running).toBe(0);
  });
});
