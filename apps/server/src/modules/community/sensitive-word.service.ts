import { SENSITIVE_WORD_MAX, SENSITIVE_WORDS_PER_SAVE, type TSensitiveWord } from '#contract/community-moderation.ts';
import type { TPageQuery } from '#contract/call.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { ModerationService } from './moderation.service.ts';
import { presentSensitiveWord } from './moderation.presenter.ts';
import { normalizeWord } from './sensitive-word-matcher.ts';

/** The administrator's sensitive-word list: pasted many at once, one a line; each edit reaches every process. */
export class SensitiveWordService {
  private readonly moderation: ModerationService;
  constructor(moderation: ModerationService) {
    this.moderation = moderation;
  }

  async list(siteId: bigint, q: TPageQuery & { word: string }): Promise<Page<TSensitiveWord>> {
    const { rows, total } = await this.moderation.repo.wordPage(siteId, q);
    return toPage(rows, total, q, presentSensitiveWord);
  }

  async save(siteId: bigint, adminId: bigint, text: string): Promise<{ added: number; skipped: number }> {
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    if (lines.length === 0) throw fail('请填写敏感词，每行一个');
    if (lines.length > SENSITIVE_WORDS_PER_SAVE) {
      throw fail(`一次最多添加 ${SENSITIVE_WORDS_PER_SAVE} 个敏感词，请分批添加`);
    }
    const tooLong = lines.find((l) => [...l].length > SENSITIVE_WORD_MAX);
    if (tooLong) throw fail(`敏感词「${[...tooLong].slice(0, 10).join('')}…」超过 ${SENSITIVE_WORD_MAX} 个字，请缩短`);
    const byKey = new Map<string, string>();
    for (const word of lines) {
      const key = normalizeWord(word);
      if (key !== '' && !byKey.has(key)) byKey.set(key, word);
    }
    const added = await this.moderation.repo.addWords(
      siteId,
      adminId,
      [...byKey].map(([wordKey, word]) => ({ word, wordKey })),
    );
    if (added > 0) await this.moderation.wordsChanged(siteId);
    return { added, skipped: lines.length - added };
  }

  async remove(siteId: bigint, id: string): Promise<null> {
    if (!(await this.moderation.repo.deleteWord(siteId, BigInt(id)))) throw notFound('敏感词');
    await this.moderation.wordsChanged(siteId);
    return null;
  }
}
