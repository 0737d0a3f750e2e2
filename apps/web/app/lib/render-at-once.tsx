import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';

/** React Router's record of the loader data's chunks, which its `StreamTransfer` reads before the stream's reader. */
type Chunk = Promise<void> & { result?: { done: boolean; value: string } };

/** Where React Router's `StreamTransfer` looks for the chunks already read. */
type HandoffMeta = { streamCache?: Record<number, Chunk> } | undefined;

/**
 * Reads the page's loader data (React Router's handoff stream) to its end before rendering, into the record its
 * `StreamTransfer` component keeps of the chunks it has read, so that the component renders them at once instead
 * of suspending on each. No page defers data (decision 21): the stream ends as soon as it is read.
 */
export async function readHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta as HandoffMeta;
  if (!stream || !meta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const chunks: Record<number, Chunk> = {};
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    const chunk: Chunk = Promise.resolve();
    chunk.result = { done, value: value ? decoder.decode(value as Uint8Array, { stream: true }) : '' };
    chunks[i] = chunk;
    if (done) break;
  }
  reader.releaseLock();
  meta.streamCache = chunks;
  // ServerRouter takes a reader of its own at every render; the chunks it would read are all in the record above
  context.serverHandoffStream = new ReadableStream({ start: (c) => c.close() });
}

/**
 * The page as one string, rendered synchronously (decision 63): a string renderer appends its pieces to a string,
 * where the streaming one encodes each of them into bytes. Undefined when a Suspense boundary could not finish at
 * once (a lazy component's code not loaded yet, an error inside a boundary): the caller renders that page by the
 * streaming renderer, which waits for it.
 */
export function renderAtOnce(context: EntryContext, page: ReactNode): string | undefined {
  // the renderer's string is a rope of its pieces, which the first search through it copies into one flat string:
  // the doctype goes on before that search, so the page is copied once, not again when it is sent
  const html = `<!DOCTYPE html>${renderToString(page)}`;
  if (html.includes('<!--$!')) {
    context.serverHandoffStream = new ReadableStream({ start: (c) => c.close() });
    return undefined;
  }
  // the loader data's text is in the page now: the context lets go of it at once (decision 76)
  const meta = context.renderMeta as HandoffMeta;
  if (meta) delete meta.streamCache;
  return html;
}
