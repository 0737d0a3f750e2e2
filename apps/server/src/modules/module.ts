import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/context.ts';
import type { Router } from '../platform/http/route.ts';
import type { Sessions } from '../platform/http/session.ts';

/**
 * What every domain's `register<Domain>(ctx, deps)` is given besides `deps`, the other domains' services it
 * needs: the platform, the call router, the sessions, and `http`, the /apis scope, for the few webhooks and file
 * answers that reply in a third party's format instead of the envelope.
 */
export interface ModuleContext {
  on: Router;
  p: Platform;
  sessions: Sessions;
  http: FastifyInstance;
}

/** Whether the session cookies are marked Secure: the site is served over HTTPS. */
export const secureCookies = (p: Platform): boolean => (p.config.publicUrl ?? '').startsWith('https:');
