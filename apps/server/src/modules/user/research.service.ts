import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { accountRepo, type AccountRepo, type ResearchFields } from './account.repo.ts';
import { presentResearch } from './account.presenter.ts';

/** The learner's study survey: filled once, then edited. */
export class ResearchService {
  private readonly repo: AccountRepo;
  constructor(p: Platform) {
    this.repo = accountRepo(p.db);
  }

  async view(siteId: bigint, userId: bigint) {
    const row = await this.repo.research(siteId, userId);
    return row ? presentResearch(row) : null;
  }

  async save(siteId: bigint, userId: bigint, fields: ResearchFields) {
    const row = await this.repo.insertResearch(siteId, userId, fields);
    if (!row) throw fail('您已经填写过调研，可以直接修改');
    return presentResearch(row);
  }

  async edit(siteId: bigint, userId: bigint, fields: ResearchFields) {
    const row = await this.repo.updateResearch(siteId, userId, fields);
    if (!row) throw fail('您还没有填写调研，请先填写');
    return presentResearch(row);
  }
}
