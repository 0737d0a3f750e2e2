import { eq } from 'drizzle-orm';
import { Limits, SITE_HEADER } from '#contract/codes.ts';
import { site } from '../../db/schema/system.ts';
import type { Platform } from '../context.ts';
import { LocalCache } from '../local-cache.ts';
import { fail } from './errors.ts';
import { isId } from '#contract/call.ts';

export interface SiteRow {
  id: bigint;
  siteName: string;
}

const SITE_TTL_MS = 60_000;
/** Both are keyed by what a request says (a SITE-ID header, a Host header), which anyone can vary: bounded. */
const SITE_CACHE_MAX = 10_000;

/**
 * The site of a request: the SITE-ID header, else the site bound to the request's host, else site 10.
 * Known sites are cached briefly in-process; an unknown id is refused.
 */
export class Sites {
  private readonly byId = new LocalCache<string, { row: SiteRow | null }>({ max: SITE_CACHE_MAX, ttlMs: SITE_TTL_MS });
  private readonly byHost = new LocalCache<string, { id: string | null }>({ max: SITE_CACHE_MAX, ttlMs: SITE_TTL_MS });
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
  }

  async resolve(headers: Record<string, string | string[] | undefined>, host: string | undefined): Promise<SiteRow> {
    const raw = headers[SITE_HEADER];
    const header = Array.isArray(raw) ? raw[0] : raw;
    let id: string;
    if (header !== undefined && header !== '') {
      if (!isId(header.trim())) throw fail('SITE-ID 格式不正确');
      id = header.trim();
    } else {
      id = (host && (await this.hostSite(host))) || Limits.defaultSiteId;
    }
    const found = await this.find(id);
    if (!found) throw fail(`站点 ${id} 不存在，请检查 SITE-ID`);
    return found;
  }

  async find(id: string): Promise<SiteRow | null> {
    const hit = this.byId.get(id);
    if (hit) return hit.row;
    const [row] = await this.p.db
      .select({ id: site.id, siteName: site.siteName, statusId: site.statusId })
      .from(site)
      .where(eq(site.id, BigInt(id)))
      .limit(1);
    const value = row && row.statusId === 1 ? { id: row.id, siteName: row.siteName } : null;
    this.byId.set(id, { row: value });
    return value;
  }

  private async hostSite(hostHeader: string): Promise<string | null> {
    const host = hostHeader.split(':')[0]!.toLowerCase();
    const hit = this.byHost.get(host);
    if (hit) return hit.id;
    const [row] = await this.p.db.select({ id: site.id }).from(site).where(eq(site.boundDomain, host)).limit(1);
    const id = row ? String(row.id) : null;
    this.byHost.set(host, { id });
    return id;
  }

  forget(): void {
    this.byId.clear();
    this.byHost.clear();
  }
}
