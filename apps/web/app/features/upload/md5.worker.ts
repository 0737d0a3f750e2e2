import { hashBlob } from './hash-blob.ts';

/** Hashes the file it is sent off the page's thread, reporting progress; terminated to stop. */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ file: Blob }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (e) => {
  hashBlob(e.data.file, (bytes) => scope.postMessage({ bytes })).then(
    (md5) => scope.postMessage({ md5 }),
    (err: unknown) => scope.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
};
