import type { CallDef } from './call.ts';

/** Every call's reply (DESIGN.md "The API contract"): HTTP 200 with the result code, a message and the data. */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Sends one call and returns its envelope. The browser uses fetch; server rendering dispatches in-process. */
export type Transport = (call: CallDef, body: unknown) => Promise<Envelope>;

/**
 * What the server hands each page render: the in-process API transport and the CSP nonce. The server's mount
 * (apps/server/src/web/mount.ts) builds it; the pages read it from their router context.
 */
export interface ServerContext {
  transport: Transport;
  cspNonce: string;
  /**
   * The page rendered whole as text, with the response it belongs to: the server sends the text itself rather than
   * have it encoded into a body stream and read back out of it.
   */
  page?: { response: Response; html: string };
  /** Set by a caller that reads `page`: without it the page is the response's body. */
  takesPage?: boolean;
  /**
   * The request is a document's first load, not a navigation's `.data`: a packed loader answer's text is written into
   * the page once rather than carried in the loader data (apps/web/app/lib/packed.ts).
   */
  firstLoad?: boolean;
}
