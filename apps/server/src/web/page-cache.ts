import { LocalCache } from '../platform/local-cache.ts';
import type { FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_COOKIE, ADV_CLOSED_COOKIE, SITE_HEADER, TOKEN_COOKIE } from '#contract/codes.ts';
import { isCrawler, isPhone, VIEW_COOKIE, viewChoiceOf } from '#contract/device.ts';

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  nonce: string;
}

/** How many recently asked addresses are remembered for the second-request rule. */
const ASKED_MAX = 4_096;

const sizeOfEntry = (e: Entry) => 2 * (e.body.length + e.headers.reduce((n, [k, v]) => n + k.length + v.length, 0));

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The most memory the kept pages may take (their text as V8 may hold it: two bytes a character). */
  maxBytes: number;
  /** The memo generation: any admin edit of site data bumps it, which empties this cache at once. */
  generation: () => number;
}

/**
 * A short-lived cache of whole pages for visitors without a session: the same HTML for everyone on that URL
 * and device class. Each hit gets a fresh CSP nonce, written over the one the page was rendered with. A page is
 * kept only when its address is asked a second time within the lifetime: addresses asked once (a tracking
 * parameter, a crawler's variant) would otherwise fill the bound with pages nobody reads again.
 */
export class PageCache {
  private readonly entries: LocalCache<string, Entry>;
  private readonly opts: PageCacheOptions;
  constructor(opts: PageCacheOptions) {
    this.opts = opts;
    this.entries = new LocalCache({
      max: opts.maxEntries,
      maxBytes: { bytes: opts.maxBytes, sizeOf: sizeOfEntry },
      ttlMs: opts.ttlMs,
      generation: opts.generation,
      keptFromSecondAsk: { asked: ASKED_MAX },
    });
  }

  /** The key of a cacheable request, or null when the page may differ per person. */
  keyOf(req: FastifyRequest): string | null {
    if (req.method !== 'GET' || this.opts.ttlMs <= 0) return null;
    const cookies = req.cookies ?? {};
    if (cookies[TOKEN_COOKIE] || cookies[ADMIN_TOKEN_COOKIE] || req.headers.token) return null;
    if (req.url.includes('.data')) return null;
    const site = req.headers[SITE_HEADER] ?? '';
    const ua = req.headers['user-agent'];
    // phones, computers and crawlers are sent different ways (spec §4), and so is a phone that chose 电脑版
    const device = isCrawler(ua) ? 'crawler' : isPhone(ua) ? 'phone' : 'pc';
    const view = viewChoiceOf(cookies[VIEW_COOKIE]) ?? '';
    // the only other cookie a visitor's page renders differently with
    const adv = cookies[ADV_CLOSED_COOKIE] === '1' ? 'adv-closed' : '';
    return `${site}|${req.host}|${device}|${view}|${adv}|${req.url}`;
  }

  get(key: string, nonce: string): { status: number; headers: Array<[string, string]>; body: string } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const swap = (v: string) => v.replaceAll(hit.nonce, nonce);
    return { status: hit.status, headers: hit.headers.map(([k, v]) => [k, swap(v)]), body: swap(hit.body) };
  }

  set(
    key: string,
    nonce: string,
    status: number,
    headers: Array<[string, string]>,
    body: string,
    generation: number,
  ): void {
    if (this.opts.ttlMs <= 0 || headers.some(([k]) => k === 'set-cookie')) return;
    this.entries.set(key, { status, headers, body, nonce }, { generation });
  }
}
