import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * Sessions hold only a SHA-256 of the opaque token. `revokedReason` keeps a superseded web session answering
 * 304 (logged in elsewhere) instead of a plain 302 until it would have expired.
 */
export const session = pgTable(
  'session',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteId: siteId(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: ref('subject_id').notNull(),
    clientType: integer('client_type').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedReason: text('revoked_reason'),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [index('session_subject_idx').on(t.siteId, t.subjectKind, t.subjectId)],
);

/** Durable background jobs, claimed with FOR UPDATE SKIP LOCKED by any process in the worker role. */
export const job = pgTable(
  'job',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key').unique(),
    ...gmt,
  },
  (t) => [index('job_due_idx').on(t.state, t.runAt)],
);

/** Platform administrators of a site (the /admin area). */
export const adminUser = pgTable(
  'admin_user',
  {
    id: id(),
    siteId: siteId(),
    loginName: text('login_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name').notNull().default(''),
    statusId: integer('status_id').notNull().default(1),
    ...gmt,
  },
  (t) => [uniqueIndex('admin_user_site_login_uq').on(t.siteId, t.loginName)],
);

/** Which demo seeders have run, so seeding is idempotent and later seeders still run on an older demo site. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which process holds each snowflake worker number (0–1023): taken at start, renewed by a heartbeat, given back
 * on stop; a number whose lease expired (its process died) is taken over. Shared by all sites, like `job`.
 */
export const workerLease = pgTable('worker_lease', {
  workerId: integer('worker_id').primaryKey(),
  owner: text('owner').notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
