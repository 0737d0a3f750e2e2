/**
 * The browser's copy of an attempt's answers (IndexedDB), so a reload, a crash or a closed tab loses nothing the
 * server had not yet acknowledged. One entry per attempt: { problemId: { answer, synced } }. Writes are
 * chained so the last change always lands last; when IndexedDB is unavailable (private modes) the page works
 * on, relying on the server alone.
 */
export interface LocalAnswer {
  answer: string[];
  /** The server has acknowledged exactly this answer. */
  synced: boolean;
}
type Entry = { recordId: string; answers: Record<string, LocalAnswer> };

const DB_NAME = 'qk-exam';
const STORE = 'attempts';

let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'recordId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  return opening;
}

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T | undefined> {
  return openDb().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const tx = db.transaction(STORE, mode);
          const req = run(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(req.result);
          tx.onerror = () => resolve(undefined);
          tx.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

export class AnswerStore {
  private readonly answers: Record<string, LocalAnswer> = {};
  private chain: Promise<unknown> = Promise.resolve();

  readonly recordId: string;

  private constructor(recordId: string) {
    this.recordId = recordId;
  }

  static async open(recordId: string): Promise<AnswerStore> {
    const store = new AnswerStore(recordId);
    const entry = await request<Entry | undefined>((s) => s.get(recordId) as IDBRequest<Entry | undefined>, 'readonly');
    if (entry?.answers) Object.assign(store.answers, entry.answers);
    return store;
  }

  /** What the browser kept that the server may not have. */
  unsynced(): Array<{ problemId: string; answer: string[] }> {
    return Object.entries(this.answers)
      .filter(([, a]) => !a.synced)
      .map(([problemId, a]) => ({ problemId, answer: a.answer }));
  }

  put(problemId: string, answer: string[], synced: boolean): Promise<unknown> {
    this.answers[problemId] = { answer, synced };
    const snapshot: Entry = { recordId: this.recordId, answers: { ...this.answers } };
    this.chain = this.chain.then(() => request((s) => s.put(snapshot), 'readwrite'));
    return this.chain;
  }

  /** After submission the copy has served its purpose. */
  clear(): Promise<unknown> {
    this.chain = this.chain.then(() => request((s) => s.delete(this.recordId), 'readwrite'));
    return this.chain;
  }
}
