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
}
