import { BatchSlots } from '../../platform/batch-slots.ts';

/** One answer to store: the guard (the student's own attempt, in progress, within time) is checked by the write. */
export interface AnswerSave {
  siteId: bigint;
  recordId: bigint;
  userId: bigint;
  problemId: bigint;
  answer: string[];
}

/** Stores a group of saves (distinct problems of distinct attempts, in key order) in one statement; returns the key → saved time of those stored. */
export type WriteMany = (saves: AnswerSave[]) => Promise<Map<string, Date>>;
/** Stores one save on its own; undefined when the guard refused it. */
export type WriteOne = (save: AnswerSave) => Promise<Date | undefined>;

interface Waiting {
  save: AnswerSave;
  key: string;
  resolve(saved: Date | undefined): void;
  reject(err: unknown): void;
}

export const saveKey = (s: {
  siteId: bigint | string;
  recordId: bigint | string;
  problemId: bigint | string;
}): string => `${s.siteId}:${s.recordId}:${s.problemId}`;

const byKey = (a: AnswerSave, b: AnswerSave): number =>
  a.siteId !== b.siteId
    ? a.siteId < b.siteId
      ? -1
      : 1
    : a.recordId !== b.recordId
      ? a.recordId < b.recordId
        ? -1
        : 1
      : a.problemId < b.problemId
        ? -1
        : a.problemId > b.problemId
          ? 1
          : 0;

/**
 * Group commit of answer saves. Every commit waits for the disk, so under load the saves that arrive while earlier
 * groups are being written are written together: one statement, one transaction, one flush. Each caller is answered
 * only after the statement holding its save has committed, so a reply that says saved is on disk; nothing is kept
 * in memory past that. At most `maxInFlight` groups are written at a time, which leaves the pool to other calls and
 * lets the groups grow with the load; an idle server writes a lone save at once (the next turn of the event loop).
 */
export class SaveGroups {
  private readonly many: WriteMany;
  private readonly one: WriteOne;
  private readonly maxGroup: number;
  private readonly slots: BatchSlots;
  private waiting: Waiting[] = [];
  constructor(many: WriteMany, one: WriteOne, opts: { maxInFlight?: number; maxGroup?: number } = {}) {
    this.many = many;
    this.one = one;
    this.maxGroup = opts.maxGroup ?? 500;
    this.slots = new BatchSlots({
      maxInFlight: opts.maxInFlight ?? 3,
      take: () => {
        if (!this.waiting.length) return undefined;
        const group = this.waiting.splice(0, this.maxGroup);
        return () => this.write(group);
      },
    });
  }

  save(save: AnswerSave): Promise<Date | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ save, key: saveKey(save), resolve, reject });
      this.slots.schedule();
    });
  }

  private async write(group: Waiting[]): Promise<void> {
    // one statement cannot upsert a row twice: the later save of a problem wins, as it would one after the other
    const last = new Map<string, AnswerSave>();
    for (const w of group) last.set(w.key, w.save);
    // groups written at the same time lock attempts and answers in the same order, so they never deadlock
    const saves = [...last.values()].sort(byKey);
    let stored: Map<string, Date>;
    try {
      stored = await this.many(saves);
    } catch {
      // whatever broke the group is kept to the save that caused it: each is written, or refused, on its own
      for (const w of group) await this.one(w.save).then(w.resolve, w.reject);
      return;
    }
    for (const w of group) w.resolve(stored.get(w.key));
  }
}
