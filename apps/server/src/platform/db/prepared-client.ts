import crypto from 'node:crypto';
import type pg from 'pg';
import { LocalCache } from '../local-cache.ts';

/** Distinct statements one connection prepares; past this, further ones run unnamed, so memory stays bounded. */
export const MAX_PREPARED_PER_CONNECTION = 1000;
const MAX_TEXT = 8000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface QueryConfigLike {
  text?: string;
  name?: string;
  values?: unknown[];
}

/** The statement name for a query text: stable across processes, so logs and pg_prepared_statements agree. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `qk_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // the texts are the app's own statements, a bounded set; the bound only guards against one that is not
    names.set(text, name);
  }
  return name;
}
const MAX_NAMES = 5000;
const names = new LocalCache<string, string>({ max: MAX_NAMES });

/**
 * A pg Client that runs every parameterised query as a named prepared statement, prepared once per connection.
 * Drizzle sends unnamed statements, which PostgreSQL parses and plans again on every call; for the short queries
 * of this app that costs more than running them (decision 17).
 */
export function preparingClient(Base: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Base {
    private readonly prepared = new Set<string>();

    // pg's overloads are many; only the (config, values) form Drizzle uses is touched, the rest pass through
    override query(...args: unknown[]): never {
      const [config, values] = args as [QueryConfigLike | string, unknown[] | undefined];
      if (config && typeof config === 'object' && !config.name && typeof config.text === 'string') {
        const params = values ?? config.values;
        if (params && params.length > 0 && config.text.length <= MAX_TEXT && PREPARABLE.test(config.text)) {
          const name = statementName(config.text);
          if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION) {
            this.prepared.add(name);
            args[0] = { ...config, name };
          }
        }
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}
