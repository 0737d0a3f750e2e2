import type { TPageQuery } from '#contract/call.ts';
import type { TNoteLog } from '#contract/study.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { CourseService } from '../course/course.service.ts';
import { noteRepo, type NoteRepo, type NoteRow } from './note.repo.ts';
import { presentNote } from './study.presenter.ts';

const DAILY_LIMIT = 200;
const DAY_MS = 24 * 60 * 60_000;

/** Notes on lessons (/account/notes): taken on a lesson the user may open, seen and changed only by their author. */
export class NoteService {
  private readonly p: Platform;
  private readonly repo: NoteRepo;
  private readonly entitlement: EntitlementService;
  private readonly courses: CourseService;
  constructor(p: Platform, entitlement: EntitlementService, courses: CourseService) {
    this.p = p;
    this.repo = noteRepo(p.db);
    this.entitlement = entitlement;
    this.courses = courses;
  }

  async save(
    siteId: bigint,
    userId: bigint,
    input: { id?: string; periodId: string; position: number; content: string },
  ): Promise<TNoteLog> {
    if (input.id) {
      const before = await this.repo.own(siteId, userId, BigInt(input.id));
      if (!before) throw notFound('笔记');
      const row = await this.repo.update(siteId, userId, before.id, {
        position: input.position,
        content: input.content,
      });
      if (!row) throw notFound('笔记');
      return (await this.present(siteId, [row]))[0]!;
    }
    const a = await this.entitlement.periodAccess(siteId, userId, BigInt(input.periodId));
    const n = await this.p.cache.kv.incr(`note:${siteId}:${userId}`, DAY_MS);
    if (n > DAILY_LIMIT) throw fail(`每天最多记 ${DAILY_LIMIT} 条笔记，请明天再试`);
    const row = await this.repo.insert({
      siteId,
      userId,
      courseId: a.course.id,
      chapterId: a.chapter.id,
      periodId: a.period.id,
      position: input.position,
      content: input.content,
    });
    return (await this.present(siteId, [row]))[0]!;
  }

  async view(siteId: bigint, userId: bigint, id: string): Promise<TNoteLog> {
    const row = await this.repo.own(siteId, userId, BigInt(id));
    if (!row) throw notFound('笔记');
    return (await this.present(siteId, [row]))[0]!;
  }

  async remove(siteId: bigint, userId: bigint, id: string): Promise<null> {
    if (!(await this.repo.remove(siteId, userId, BigInt(id)))) throw notFound('笔记');
    return null;
  }

  async page(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { courseId?: string; periodId?: string },
  ): Promise<Page<TNoteLog>> {
    const { rows, total } = await this.repo.page(siteId, userId, q);
    const list = await this.present(siteId, rows);
    return { ...toPage(rows, total, q, () => null), list };
  }

  private async present(siteId: bigint, rows: NoteRow[]): Promise<TNoteLog[]> {
    const views = new Map<bigint, Awaited<ReturnType<CourseService['viewBase']>>>();
    for (const id of new Set(rows.map((r) => r.courseId))) views.set(id, await this.courses.viewBase(siteId, id));
    return rows.map((r) => {
      const v = views.get(r.courseId);
      return presentNote(
        r,
        v?.courseName,
        v?.chapterList.flatMap((ch) => ch.periodList).find((p) => p.id === String(r.periodId)),
      );
    });
  }
}
