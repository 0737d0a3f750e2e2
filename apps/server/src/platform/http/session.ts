import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { session } from '../../db/schema/platform.ts';
import type { Platform } from '../context.ts';

export type SubjectKind = 'user' | 'admin';

export interface SessionInfo {
  subjectKind: SubjectKind;
  subjectId: bigint;
  siteId: bigint;
  clientType: number;
  expiresAt: number;
  revokedReason: string | null;
}

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const CACHE_TTL_MS = 30_000;

/**
 * Opaque random tokens; the database holds only their SHA-256. Lookups are cached for a few seconds and the
 * cache entry is dropped whenever a session ends, so a revoked token stops working at once.
 */
export class Sessions {
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
  }

  async create(input: {
    siteId: bigint;
    subjectKind: SubjectKind;
    subjectId: bigint;
    clientType: number;
    ttlMs: number;
  }): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.p.db.insert(session).values({
      tokenHash: hash(token),
      siteId: input.siteId,
      subjectKind: input.subjectKind,
      subjectId: input.subjectId,
      clientType: input.clientType,
      expiresAt: new Date(Date.now() + input.ttlMs),
    });
    return token;
  }

  async lookup(token: string): Promise<SessionInfo | undefined> {
    const key = `session:${hash(token)}`;
    const cached = await this.p.cache.kv.get<
      (Omit<SessionInfo, 'subjectId' | 'siteId'> & { subjectId: string; siteId: string }) | null
    >(key);
    if (cached !== undefined) {
      return cached === null
        ? undefined
        : { ...cached, subjectId: BigInt(cached.subjectId), siteId: BigInt(cached.siteId) };
    }
    const [row] = await this.p.db
      .select()
      .from(session)
      .where(eq(session.tokenHash, hash(token)))
      .limit(1);
    const info = row
      ? {
          subjectKind: row.subjectKind as SubjectKind,
          subjectId: String(row.subjectId),
          siteId: String(row.siteId),
          clientType: row.clientType,
          expiresAt: row.expiresAt.getTime(),
          revokedReason: row.revokedReason,
        }
      : null;
    await this.p.cache.kv.set(key, info, CACHE_TTL_MS);
    return info ? { ...info, subjectId: BigInt(info.subjectId), siteId: BigInt(info.siteId) } : undefined;
  }

  async end(token: string): Promise<void> {
    await this.p.db.delete(session).where(eq(session.tokenHash, hash(token)));
    await this.p.cache.kv.del(`session:${hash(token)}`);
  }

  /** Ends every session of a subject at once (an administrator disabled the account). */
  async endAll(siteId: bigint, subjectKind: SubjectKind, subjectId: bigint): Promise<void> {
    const rows = await this.p.db
      .delete(session)
      .where(and(eq(session.siteId, siteId), eq(session.subjectKind, subjectKind), eq(session.subjectId, subjectId)))
      .returning({ tokenHash: session.tokenHash });
    for (const r of rows) await this.p.cache.kv.del(`session:${r.tokenHash}`);
  }

  /** Marks every other session of a subject and client type as superseded (logged in elsewhere). */
  async supersede(
    siteId: bigint,
    subjectKind: SubjectKind,
    subjectId: bigint,
    clientType: number,
    keepToken: string,
  ): Promise<void> {
    const rows = await this.p.db
      .update(session)
      .set({ revokedReason: 'elsewhere' })
      .where(
        and(
          eq(session.siteId, siteId),
          eq(session.subjectKind, subjectKind),
          eq(session.subjectId, subjectId),
          eq(session.clientType, clientType),
          ne(session.tokenHash, hash(keepToken)),
        ),
      )
      .returning({ tokenHash: session.tokenHash });
    for (const r of rows) await this.p.cache.kv.del(`session:${r.tokenHash}`);
  }
}
