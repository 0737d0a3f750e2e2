import { describe, expect, it } from 'vitest';
import { saveKey, SaveGroups, type AnswerSave } from './attempt-saves.ts';

const save = (recordId: number, problemId: number, answer = ['A']): AnswerSave => ({
  siteId: 10n,
  recordId: BigInt(recordId),
  userId: 1n,
  problemId: BigInt(problemId),
  answer,
});
const at = new Date('2026-01-01T00:00:00Z');

/** A writer that records each group and stores all of it once released. */
function recorder() {
  const groups: AnswerSave[][] = [];
  const release: (() => void)[] = [];
  const many = (saves: AnswerSave[]) => {
    groups.push(saves);
    return new Promise<Map<string, Date>>((resolve) =>
      release.push(() => resolve(new Map(saves.map((s) => [saveKey(s), at])))),
    );
  };
  return { groups, release, many };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('group commit of answer saves', () => {
  it('writes the saves of one turn as one group in key order, the later save of a problem winning, and answers after the write', async () => {
    const w = recorder();
    const g = new SaveGroups(w.many, () => Promise.reject(new Error('not used')));
    let answered = 0;
    const all = Promise.all(
      [save(2, 1), save(1, 2), save(1, 1, ['B']), save(1, 1, ['C'])].map((s) => g.save(s).then((d) => (answered++, d))),
    );
    await tick();
    expect(w.groups).toEqual([[save(1, 1, ['C']), save(1, 2), save(2, 1)]]);
    await tick();
    expect(answered).toBe(0);
    w.release.shift()!();
    expect(await all).toEqual([at, at, at, at]);
  });

  it('keeps to its limit of groups in flight; what arrives meanwhile goes together in the next group', async () => {
    const w = recorder();
    const g = new SaveGroups(w.many, () => Promise.reject(new Error('not used')), { maxInFlight: 1 });
    const first = g.save(save(1, 1));
    await tick();
    const later = [g.save(save(2, 1)), g.save(save(3, 1))];
    await tick();
    expect(w.groups).toHaveLength(1);
    w.release.shift()!();
    await first;
    // the finished group frees its place after its callers are answered; the next turn starts the waiting group
    await tick();
    await tick();
    expect(w.groups[1]).toEqual([save(2, 1), save(3, 1)]);
    w.release.shift()!();
    expect(await Promise.all(later)).toEqual([at, at]);
  });

  it('reports a refused save as not saved, and when a group fails writes each save on its own so one bad save fails alone', async () => {
    const refused = new SaveGroups(
      () => Promise.resolve(new Map()),
      () => Promise.reject(new Error('not used')),
    );
    expect(await refused.save(save(1, 1))).toBeUndefined();

    const one: AnswerSave[] = [];
    const g = new SaveGroups(
      () => Promise.reject(new Error('group failed')),
      (s) => (one.push(s), s.recordId === 2n ? Promise.reject(new Error('bad save')) : Promise.resolve(at)),
    );
    const results = await Promise.allSettled([g.save(save(1, 1)), g.save(save(2, 1)), g.save(save(3, 1))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(one.map((s) => s.recordId)).toEqual([1n, 2n, 3n]);
  });
});
