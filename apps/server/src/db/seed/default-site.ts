import { Limits } from '#contract/codes.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { site, website } from '../schema/system.ts';

/** Site 10 exists from the first start, with or without demo data, so the site always answers. */
export async function ensureDefaultSite(p: Platform): Promise<bigint> {
  const siteId = BigInt(Limits.defaultSiteId);
  await p.db.insert(site).values({ id: siteId, siteName: '青课网校' }).onConflictDoNothing();
  await p.db.insert(website).values({ id: newId(), siteId, siteNamePc: '青课网校' }).onConflictDoNothing();
  return siteId;
}
