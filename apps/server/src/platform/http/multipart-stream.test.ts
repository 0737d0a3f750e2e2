import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { BAD_FORM, boundaryOf, openFilePart, parseHead } from './multipart-stream.ts';

const B = '----WebKitFormBoundaryQk7Xy';
const TYPE = `multipart/form-data; boundary=${B}`;

function form(
  fields: Record<string, string>,
  file?: { name: string; filename: string; bytes: Buffer },
  after = '',
): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${B}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`${after}--${B}--\r\n`));
  return Buffer.concat(parts);
}

/** The body cut into pieces of `size` bytes, as a socket might deliver it. */
const pieces = (body: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size)),
    { objectMode: false },
  );

async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const got: Buffer[] = [];
  for await (const b of body) got.push(b);
  return Buffer.concat(got);
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.message : `not a refusal: ${String(err)}`;
  }
  return 'no refusal';
};

describe('the multipart head before a file', () => {
  it('gives the fields, the file field and its name, and where the bytes start', () => {
    const body = form(
      { chunkNumber: '3', identifier: 'abc' },
      { name: 'file', filename: '第一课 导论.mp4', bytes: Buffer.from('BYTES') },
    );
    const head = parseHead(body, B);
    expect(head).toMatchObject({
      kind: 'file',
      fields: { chunkNumber: '3', identifier: 'abc' },
      fieldName: 'file',
      filename: '第一课 导论.mp4',
    });
    if (head.kind === 'file') expect(body.subarray(head.start, head.start + 5).toString()).toBe('BYTES');
  });

  it('asks for more bytes while the head is cut off, wherever it is cut', () => {
    const body = form({ a: '1', b: '22' }, { name: 'file', filename: 'x.mp4', bytes: Buffer.from('Z') });
    const start = body.indexOf('\r\n\r\nZ') + 4;
    for (let cut = 0; cut < start; cut++) expect(parseHead(body.subarray(0, cut), B).kind).toBe('more');
    expect(parseHead(body.subarray(0, start), B).kind).toBe('file');
  });

  it('keeps the first of a repeated field and reads escaped names as the browser meant them', () => {
    const body = Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="n"\r\n\r\none\r\n--${B}\r\ncontent-disposition: form-data; name="n"\r\n\r\ntwo\r\n` +
        `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a%22b.mp4"\r\n\r\nZ\r\n--${B}--\r\n`,
    );
    expect(parseHead(body, B)).toMatchObject({ kind: 'file', fields: { n: 'one' }, filename: 'a"b.mp4' });
  });

  it('says when the form closes without a file', () => {
    expect(parseHead(form({ a: '1' }), B)).toMatchObject({ kind: 'end', fields: { a: '1' } });
  });

  it('refuses a body that is not multipart with this boundary, and fields past the limits', () => {
    expect(refusal(() => parseHead(Buffer.alloc(70_000, 'x'), B))).toBe(BAD_FORM);
    expect(refusal(() => parseHead(Buffer.from(`--${B}XX`), B))).toBe(BAD_FORM);
    expect(refusal(() => parseHead(Buffer.from(`--${B}\r\nContent-Type: text/plain\r\n\r\nv\r\n--${B}--`), B))).toBe(
      BAD_FORM,
    );
    expect(refusal(() => parseHead(form({ a: 'x'.repeat(5000) }), B))).toMatch(/表单项过多或过长/);
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'v']));
    expect(
      refusal(() => parseHead(form(many, { name: 'file', filename: 'x.mp4', bytes: Buffer.from('Z') }), B)),
    ).toMatch(/表单项过多或过长/);
  });

  it('finds the boundary in the content type, quoted or not', () => {
    expect(boundaryOf(TYPE)).toBe(B);
    expect(boundaryOf(`Multipart/Form-Data; charset=utf-8; boundary="${B}"`)).toBe(B);
    expect(boundaryOf('application/json')).toBeUndefined();
    expect(boundaryOf('multipart/form-data')).toBeUndefined();
  });
});

describe('a file part read off the request', () => {
  // bytes that hold CRs, CRLFs and the start of the boundary, as a video's random bytes may
  const tricky = Buffer.concat([
    crypto.randomBytes(3000),
    Buffer.from(`\r\n--${B.slice(0, 10)}\r\r\n-`),
    crypto.randomBytes(3000),
    Buffer.from('\r'),
  ]);
  const body = form({ chunkNumber: '1' }, { name: 'file', filename: 'v.mp4', bytes: tricky });

  it('hands on exactly the file’s bytes however the socket cut the body', async () => {
    for (const size of [1, 2, 3, 7, 31, 38, 39, 40, 41, 64, 333, 1024, 4096, body.length]) {
      const part = (await openFilePart(pieces(body, size), TYPE))!;
      expect(part.fields).toEqual({ chunkNumber: '1' });
      expect((await readAll(part.body)).equals(tricky), `pieces of ${size}`).toBe(true);
      expect(part.body.complete).toBe(true);
    }
  });

  it('ignores parts after the file, and says a body that stops inside the file is incomplete', async () => {
    const withTrailer = form(
      {},
      { name: 'file', filename: 'v.mp4', bytes: tricky },
      `--${B}\r\nContent-Disposition: form-data; name="late"\r\n\r\nx\r\n`,
    );
    const part = (await openFilePart(pieces(withTrailer, 500), TYPE))!;
    expect((await readAll(part.body)).equals(tricky)).toBe(true);

    const cut = (await openFilePart(pieces(body.subarray(0, body.length - 2000), 500), TYPE))!;
    const got = await readAll(cut.body);
    expect(cut.body.complete).toBe(false);
    expect(got.length).toBeLessThan(tricky.length);
  });

  it('with the part’s size declared, hands on the same bytes and finds the boundary right after them', async () => {
    for (const size of [1, 39, 40, 41, 500, 4096, body.length]) {
      const part = (await openFilePart(pieces(body, size), TYPE))!;
      part.body.declared(tricky.length);
      expect((await readAll(part.body)).equals(tricky), `pieces of ${size}`).toBe(true);
      expect(part.body.complete).toBe(true);
    }
  });

  it('with a size declared larger or smaller than the part, never gives that many bytes and a closing boundary', async () => {
    for (const declared of [
      tricky.length + 1,
      tricky.length + 100,
      tricky.length + 10_000,
      tricky.length - 1,
      tricky.length - 500,
    ]) {
      for (const size of [7, 500, body.length]) {
        const part = (await openFilePart(pieces(body, size), TYPE))!;
        part.body.declared(declared);
        const got = await readAll(part.body);
        expect(got.length === declared && part.body.complete, `declared ${declared}, pieces of ${size}`).toBe(false);
      }
    }
  });

  it('answers no file for a form without one, and reads a refused body to its end', async () => {
    expect(await openFilePart(pieces(form({ a: '1' }), 10), TYPE)).toBeUndefined();
    const stream = pieces(body, 100);
    const part = (await openFilePart(stream, TYPE))!;
    await part.body.drain();
    expect(stream.readableEnded).toBe(true);
  });

  it('refuses a request that is not multipart before reading it', async () => {
    await expect(openFilePart(pieces(body, 100), 'application/json')).rejects.toThrow(/multipart\/form-data/);
  });
});
