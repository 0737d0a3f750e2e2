import { Writable } from 'node:stream';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';
import { isbot } from 'isbot';
import { serverContext } from './context.ts';
import { NonceContext } from './lib/root-data.ts';
import { readHandoff, renderAtOnce } from './lib/render-at-once.tsx';
import { MarkupKeeperContext } from './lib/kept-markup.ts';
import { ServerMarkupKeeper } from './lib/markup-keeper.tsx';

/**
 * The server mounts this build and must put its transport into the very context object the routes read,
 * so the build hands it over: apps/server/src/web/mount.ts reads `build.entry.module.serverContext`.
 */
export { serverContext };

export const streamTimeout = 10_000;

/** The markup the same for every visitor of a site (the footer), rendered once while the site is unchanged. */
const keeper = new ServerMarkupKeeper();

/**
 * Renders the whole page into one string (decision 21). Loaders have all run before this is called and no page
 * defers data, so streaming would send the same bytes at the same moment, through two stream adapters more.
 * The loader data is read first and the page rendered synchronously (decision 63); a page with a boundary that
 * could not finish at once goes through the streaming renderer, which waits for everything. The status is the one
 * known when the shell was ready (for search engines: when everything was), as it was when pages streamed.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const server = loadContext.get(serverContext);
  const { cspNonce } = server;
  const page = () => (
    <NonceContext value={cspNonce}>
      <MarkupKeeperContext value={keeper}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </MarkupKeeperContext>
    </NonceContext>
  );
  await readHandoff(routerContext);
  const html = renderAtOnce(routerContext, page());
  if (html !== undefined) {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    // the server's mount sends the text beside the response; a caller without that hand-off gets it as the body
    if (!server.takesPage) return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
    server.page = { response, html };
    return response;
  }
  const userAgent = request.headers.get('user-agent');
  const statusAt: keyof RenderToPipeableStreamOptions =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(page(), {
      nonce: cspNonce,
      onShellReady() {
        shellRendered = true;
        if (statusAt === 'onShellReady') status = responseStatusCode;
      },
      onAllReady() {
        if (statusAt === 'onAllReady') status = responseStatusCode;
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // errors before the shell reject above and are logged by handleError
        if (shellRendered) console.error(error);
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return; // the visitor left; nothing went wrong on our side
  console.error(error);
};
