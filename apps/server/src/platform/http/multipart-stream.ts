import type { Readable } from 'node:stream';
import { bodyBytesRead } from '../body-gc.ts';
import { fail } from './errors.ts';

/**
 * A multipart/form-data body read straight off the request, for uploads whose few short fields come before one file
 * part (the chunk protocol): the file's bytes are handed on as the socket delivered them, cut only where the closing
 * boundary stands, with no stream in between (decision 26).
 */

/** Everything before the file's bytes (fields and part headers) must fit in this. */
const HEAD_LIMIT = 64 * 1024;
const FIELDS_LIMIT = 32;
const FIELD_BYTES = 4096;
/** Socket buffers waiting for a reader before the socket is paused. */
const QUEUE_LIMIT = 16;

export const BAD_FORM = '上传内容格式不正确，请刷新页面后重新上传';
const HEAD_TOO_LARGE = '上传的表单项过多或过长，请刷新页面后重新上传';
/** A body cut off by the client: an answer nobody may read, but a refusal, not a fault. */
const CUT_OFF = '上传中断，请重新上传该分片';

/** The boundary of a multipart/form-data content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** The HTML form encoding escapes `"`, CR and LF in names as %22, %0D and %0A; older browsers used backslashes. */
const unescapeName = (s: string) =>
  s.replace(/%22|%0D|%0A|\\(.)/gi, (m, esc: string | undefined) =>
    esc !== undefined ? esc : m === '%22' ? '"' : m.toUpperCase() === '%0D' ? '\r' : '\n',
  );

/** name, filename (and filename*, RFC 5987) of a Content-Disposition: form-data header. */
function dispositionOf(value: string): { name?: string; filename?: string } {
  const out: { name?: string; filename?: string } = {};
  const param = /;\s*([a-z0-9_*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/gi;
  for (let m = param.exec(value); m; m = param.exec(value)) {
    const key = m[1]!.toLowerCase();
    const raw = m[2] ?? m[3] ?? '';
    if (key === 'name') out.name = unescapeName(raw);
    else if (key === 'filename' && out.filename === undefined) out.filename = unescapeName(raw);
    else if (key === 'filename*') {
      const ext = /^utf-8'[^']*'(.*)$/i.exec(raw);
      if (ext) {
        try {
          out.filename = decodeURIComponent(ext[1]!);
        } catch {
          // a malformed extended name leaves the plain one
        }
      }
    }
  }
  return out;
}

export type Head =
  | { kind: 'more' }
  | { kind: 'end'; fields: Record<string, string> }
  | { kind: 'file'; fields: Record<string, string>; fieldName: string; filename: string; start: number };

/**
 * Reads the fields and the file part's headers from the start of a body. `more`: the bytes so far end inside them;
 * `end`: the form closed without a file; `file`: the file's bytes start at `start`. Throws the Chinese refusal for a
 * body that is not multipart with this boundary.
 */
export function parseHead(buf: Buffer, boundary: string): Head {
  const dash = `--${boundary}`;
  const delim = Buffer.from(`\r\n${dash}`);
  const fields: Record<string, string> = {};
  let count = 0;
  const first = buf.indexOf(dash);
  if (first < 0) {
    if (buf.length >= HEAD_LIMIT) throw fail(BAD_FORM);
    return { kind: 'more' };
  }
  if (first > 0 && buf.toString('latin1', first - 2, first) !== '\r\n') throw fail(BAD_FORM);
  let pos = first + dash.length;
  for (;;) {
    if (buf.length < pos + 2) return { kind: 'more' };
    const after = buf.toString('latin1', pos, pos + 2);
    if (after === '--') return { kind: 'end', fields };
    if (after !== '\r\n') throw fail(BAD_FORM);
    pos += 2;
    const blank = buf.toString('latin1', pos, pos + 2) === '\r\n' ? pos : buf.indexOf('\r\n\r\n', pos);
    if (blank < 0 || buf.length < pos + 2) return { kind: 'more' };
    let disposition: { name?: string; filename?: string } = {};
    for (const line of buf.toString('utf8', pos, blank).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-disposition')
        disposition = dispositionOf(line.slice(colon + 1));
    }
    const start = blank === pos ? pos + 2 : blank + 4;
    if (disposition.name === undefined) throw fail(BAD_FORM);
    if (disposition.filename !== undefined)
      return { kind: 'file', fields, fieldName: disposition.name, filename: disposition.filename, start };
    const end = buf.indexOf(delim, start);
    if (end < 0) {
      if (buf.length - start > FIELD_BYTES) throw fail(HEAD_TOO_LARGE);
      return { kind: 'more' };
    }
    if (end - start > FIELD_BYTES || ++count > FIELDS_LIMIT) throw fail(HEAD_TOO_LARGE);
    if (!(disposition.name in fields)) fields[disposition.name] = buf.toString('utf8', start, end);
    pos = end + delim.length;
  }
}

/** The request's buffers, pulled one at a time; the socket is paused while the reader lags. */
class BodyQueue {
  private readonly raw: Readable;
  private readonly q: Buffer[] = [];
  private ended = false;
  private failure: Error | undefined;
  private dropping = false;
  private wake: (() => void) | undefined;
  private readonly finished: Promise<void>;
  constructor(raw: Readable) {
    this.raw = raw;
    let settle!: () => void;
    this.finished = new Promise((r) => (settle = r));
    // every request emits 'close', also after its end: the refusal (an error, whose stack costs) is made only for a
    // body that stopped short
    const stop = (cutOff: boolean) => {
      if (this.ended) return;
      this.ended = true;
      this.failure = cutOff ? fail(CUT_OFF) : undefined;
      settle();
      this.wake?.();
    };
    raw.on('data', (b: Buffer) => {
      bodyBytesRead(b.length);
      if (this.dropping) return;
      this.q.push(b);
      if (this.q.length >= QUEUE_LIMIT) raw.pause();
      this.wake?.();
    });
    raw.once('end', () => stop(false));
    raw.once('error', () => stop(true));
    // a client gone before the end of its body
    raw.once('close', () => stop(true));
  }
  async next(): Promise<Buffer | null> {
    for (;;) {
      const b = this.q.shift();
      if (b) {
        if (this.q.length === 0 && this.raw.isPaused()) this.raw.resume();
        return b;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return null;
      if (this.raw.isPaused()) this.raw.resume();
      await new Promise<void>((r) => (this.wake = r));
      this.wake = undefined;
    }
  }
  /** Reads the rest without keeping it; settles once the body has ended or failed. */
  drain(): Promise<void> {
    this.dropping = true;
    this.q.length = 0;
    this.raw.resume();
    return this.finished;
  }
}

/** The file part's bytes, as an async iterator of the socket's buffers cut at the closing boundary. */
export class FileBody implements AsyncIterableIterator<Buffer> {
  /** Whether the part ended at its boundary; false while unread, and when the body stopped short. */
  complete = false;
  private readonly queue: BodyQueue;
  private readonly delim: Buffer;
  private pending: Buffer | undefined;
  private carry: Buffer | undefined;
  private done = false;
  /** Bytes still to come before the boundary may stand: handed on without looking for it (see `declared`). */
  private unsearched = 0;
  constructor(queue: BodyQueue, boundary: string, first: Buffer) {
    this.queue = queue;
    this.delim = Buffer.from(`\r\n--${boundary}`);
    this.pending = first.length ? first : undefined;
  }
  [Symbol.asyncIterator](): this {
    return this;
  }
  async next(): Promise<IteratorResult<Buffer>> {
    while (!this.done) {
      const b = this.pending ?? (await this.queue.next());
      this.pending = undefined;
      if (b === null) {
        this.done = true;
        break;
      }
      const out = this.cut(b);
      if (out.length) return { done: false, value: out };
    }
    return { done: true, value: undefined };
  }
  /** Reads the rest of the request without keeping it. */
  drain(): Promise<void> {
    this.done = true;
    return this.queue.drain();
  }
  /**
   * The part's size as the form's fields announced it, before anything is read. The boundary is then looked for only
   * from there on, which spares a search through every byte of a chunk. A part shorter than announced has its boundary
   * among those bytes, so it comes out longer than announced or without its closing boundary (`complete` stays false).
   */
  declared(size: number): void {
    this.unsearched = size;
  }
  /** The bytes of `b` that are surely the file's: up to the boundary, less a tail that may be its beginning. */
  private cut(b: Buffer): Buffer {
    if (this.unsearched > 0) {
      if (b.length <= this.unsearched) {
        this.unsearched -= b.length;
        return b;
      }
      this.pending = b.subarray(this.unsearched);
      b = b.subarray(0, this.unsearched);
      this.unsearched = 0;
      return b;
    }
    const L = this.delim.length;
    if (this.carry) {
      const c = this.carry;
      this.carry = undefined;
      if (b.length < L) {
        b = Buffer.concat([c, b]);
      } else {
        // a boundary that begins in the held-back tail ends within the next L − 1 bytes
        const at = Buffer.concat([c, b.subarray(0, L - 1)]).indexOf(this.delim);
        if (at >= 0 && at < c.length) return this.end(c.subarray(0, at));
        this.pending = b;
        return c;
      }
    }
    const at = b.indexOf(this.delim);
    if (at >= 0) return this.end(b.subarray(0, at));
    // only a CR in the last L − 1 bytes can begin a boundary
    const cr = b.indexOf(0x0d, Math.max(0, b.length - (L - 1)));
    if (cr < 0) return b;
    this.carry = b.subarray(cr);
    return b.subarray(0, cr);
  }
  private end(last: Buffer): Buffer {
    this.complete = true;
    this.done = true;
    // what follows is the closing "--" or parts after the file, which nothing reads
    void this.queue.drain();
    return last;
  }
}

export interface FilePart {
  /** the fields sent before the file (the first of a repeated name) */
  fields: Record<string, string>;
  fieldName: string;
  filename: string;
  body: FileBody;
}

/**
 * Reads a multipart body up to its first file part. Undefined when the form holds no file; a body that is not
 * well-formed multipart is refused with a Chinese message and read to its end without being kept.
 */
export async function openFilePart(raw: Readable, contentType: string | undefined): Promise<FilePart | undefined> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw fail('请以 multipart/form-data 上传文件（字段 file）');
  const queue = new BodyQueue(raw);
  let head: Buffer = Buffer.alloc(0);
  try {
    for (;;) {
      const b = await queue.next();
      if (b === null) return undefined;
      head = head.length ? Buffer.concat([head, b]) : b;
      const got = parseHead(head, boundary);
      if (got.kind === 'more') {
        if (head.length > HEAD_LIMIT) throw fail(HEAD_TOO_LARGE);
        continue;
      }
      if (got.kind === 'end') {
        void queue.drain();
        return undefined;
      }
      return {
        fields: got.fields,
        fieldName: got.fieldName,
        filename: got.filename,
        body: new FileBody(queue, boundary, head.subarray(got.start)),
      };
    }
  } catch (err) {
    void queue.drain();
    throw err;
  }
}
