import type { TTerracePage } from '#contract/marketing.ts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { formatTime } from '../../platform/time.ts';
import { terraceRepo, type TerraceRepo, type TerraceRow, type TerraceValues } from './terrace.repo.ts';

const brief = (r: TerraceRow) => ({ id: String(r.id), title: r.title, summary: r.summary });
const present = (r: TerraceRow): TTerracePage => ({
  ...brief(r),
  content: r.content,
  gmtModified: formatTime(r.gmtModified),
});
const presentAdmin = (r: TerraceRow) => ({ ...present(r), statusId: r.statusId, sort: r.sort });

/** Platform introduction pages (/terrace/:id): written by the administrator, shown while their status is 1. */
export class TerraceService {
  private readonly repo: TerraceRepo;
  constructor(p: Platform) {
    this.repo = terraceRepo(p.db);
  }

  async view(siteId: bigint, id: string): Promise<TTerracePage> {
    const row = await this.repo.byId(siteId, BigInt(id));
    if (!row || row.statusId !== 1) throw notFound('页面');
    return present(row);
  }
  async list(siteId: bigint) {
    return (await this.repo.list(siteId, true)).map(brief);
  }
  async adminList(siteId: bigint) {
    return (await this.repo.list(siteId, false)).map(presentAdmin);
  }
  async save(siteId: bigint, v: TerraceValues) {
    return presentAdmin(await this.repo.insert(siteId, v));
  }
  async update(siteId: bigint, id: string, v: TerraceValues) {
    const row = await this.repo.update(siteId, BigInt(id), v);
    if (!row) throw notFound('页面');
    return presentAdmin(row);
  }
  async remove(siteId: bigint, id: string): Promise<null> {
    if (!(await this.repo.remove(siteId, BigInt(id)))) throw notFound('页面');
    return null;
  }
}
