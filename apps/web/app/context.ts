import { createContext } from 'react-router';
import type { ServerContext } from '#contract/transport.ts';

export type { ServerContext };

export const serverContext = createContext<ServerContext>();
