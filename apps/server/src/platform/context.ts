import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Cache } from './cache.ts';
import type { Storage } from './storage.ts';
import type { Jobs } from './jobs.ts';
import type { SmsSender } from './sms.ts';
import type { Metrics } from './metrics.ts';

/** What every service is given: the platform, built once at boot. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  cache: Cache;
  storage: Storage;
  jobs: Jobs;
  sms: SmsSender;
  log: FastifyBaseLogger;
  metrics: Metrics;
}
