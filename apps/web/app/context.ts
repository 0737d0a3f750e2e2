import { createContext } from 'react-router';
import type { Transport } from './api/client.ts';

/** What the server hands each page render: the in-process API transport and the CSP nonce. */
export interface ServerContext {
  transport: Transport;
  cspNonce: string;
}

export const serverContext = createContext<ServerContext>();
