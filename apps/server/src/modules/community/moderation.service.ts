import { POSTING_LIMITS_PER_HOUR } from '#contract/community-moderation.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ContentGuard, ContentKind, GuardedField, ReportableContent } from './content-guard.ts';
import type { ModerationRepo } from './moderation.repo.ts';
import { WordMatcher } from './sensitive-word-matcher.ts';

const HOUR_MS = 60 * 60_000;

/** The per-site memo key of the sensitive-word matcher; an edit of the list drops it in every process. */
export const sensitiveWordsKey = (siteId: bigint) => `sensitive-words:${siteId}`;

/**
 * What the community's writing services ask before they store a user's text (the site's sensitive words, the
 * hourly posting limits), and the registry of the kinds of content a user can report.
 */
export class ModerationService implements ContentGuard {
  private readonly p: Platform;
  readonly repo: ModerationRepo;
  private readonly reportables = new Map<ContentKind, ReportableContent>();

  constructor(p: Platform, repo: ModerationRepo) {
    this.p = p;
    this.repo = repo;
  }

  /** Each kind of content offers its report target once, when its domain is registered. */
  register(reportable: ReportableContent): void {
    if (this.reportables.has(reportable.kind)) throw new Error(`${reportable.kind} is registered twice`);
    this.reportables.set(reportable.kind, reportable);
  }

  reportable(kind: ContentKind): ReportableContent | undefined {
    return this.reportables.get(kind);
  }

  /** The site's matcher, built once per process and list: a check costs one pass over the text. */
  matcher(siteId: bigint): Promise<WordMatcher> {
    return this.p.cache.memo.get(sensitiveWordsKey(siteId), async () => new WordMatcher(await this.repo.words(siteId)));
  }

  async wordsChanged(siteId: bigint): Promise<void> {
    await this.p.cache.memo.invalidate(sensitiveWordsKey(siteId));
  }

  async checkWords(siteId: bigint, fields: readonly GuardedField[]): Promise<void> {
    const m = await this.matcher(siteId);
    for (const f of fields) {
      const word = m.firstIn(f.text);
      if (word !== undefined) throw fail(`「${f.label}」包含敏感词「${word}」，请修改后再提交`);
    }
  }

  /**
   * One hour from a user's first piece of a kind, at most the kind's limit: counted in the shared key-value store
   * (Redis when configured), so every process counts against the same number.
   */
  async takePostingSlot(siteId: bigint, userId: bigint, kind: ContentKind): Promise<void> {
    const kv = this.p.cache.kv;
    const key = `posting:${kind}:${siteId}:${userId}`;
    const n = await kv.incr(key, HOUR_MS);
    if (n === 1) await kv.set(`${key}:since`, Date.now(), HOUR_MS);
    if (n <= POSTING_LIMITS_PER_HOUR[kind]) return;
    const since = await kv.get<number>(`${key}:since`);
    const left = since ? since + HOUR_MS - Date.now() : HOUR_MS;
    throw fail(`发布太频繁，请 ${Math.max(1, Math.ceil(left / 60_000))} 分钟后再试`);
  }
}
