import type { TPageQuery } from '#contract/call.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import { periodExerciseRepo, type PeriodExerciseRepo } from './period-exercise.repo.ts';
import { presentProblemShown } from './problem.presenter.ts';
import type { ProblemService } from './problem.service.ts';
import { mustOwnPeriodCourse, usableProblem } from './exam.policy.ts';

/**
 * Problems attached to a lesson (period) as exercises. Who may open the lesson is the course module's answer
 * (EntitlementService); the lecturer attaches only their own problems to their own course's lessons.
 */
export class PeriodExerciseService {
  private readonly repo: PeriodExerciseRepo;
  private readonly problems: ProblemService;
  private readonly entitlement: EntitlementService;
  constructor(p: Platform, problems: ProblemService, entitlement: EntitlementService) {
    this.repo = periodExerciseRepo(p.db);
    this.problems = problems;
    this.entitlement = entitlement;
  }

  private async ownPeriod(siteId: bigint, userId: bigint, periodId: string): Promise<bigint> {
    // ownership, not purchase: a lecturer manages the exercises of their own paid or unpublished course
    const owner = await this.entitlement.periodOwner(siteId, BigInt(periodId));
    mustOwnPeriodCourse(owner, userId);
    return owner.periodId;
  }

  async save(siteId: bigint, userId: bigint, periodId: string, problemIds: string[]) {
    const period = await this.ownPeriod(siteId, userId, periodId);
    const unique = [...new Set(problemIds)];
    const rows = await this.problems.repo.byIds(siteId, unique.map(BigInt));
    for (const id of unique) {
      const r = rows.find((x) => String(x.id) === id);
      if (!r || !usableProblem(r, userId)) throw fail(`题目 ${id} 不存在，或不是您创建的`);
      if (r.problemType === 6 || r.parentId) throw fail('随堂练习请选择单独的题目（材料题暂不支持）');
    }
    await this.repo.replace(siteId, period, userId, unique.map(BigInt));
    return { periodId, problemCount: unique.length };
  }

  async remove(siteId: bigint, userId: bigint, periodId: string, problemId: string): Promise<null> {
    const period = await this.ownPeriod(siteId, userId, periodId);
    if (!(await this.repo.remove(siteId, period, BigInt(problemId)))) throw fail('该课时没有这道练习题');
    return null;
  }

  /** The exercises of a lesson the user may open (or teaches: the praxis page of a paid lesson), without answers. */
  async list(siteId: bigint, userId: bigint, q: TPageQuery & { periodId: string }) {
    const owner = await this.entitlement.periodOwner(siteId, BigInt(q.periodId));
    const periodId =
      owner.lecturerUserId === userId
        ? owner.periodId
        : (await this.entitlement.periodAccess(siteId, userId, owner.periodId)).period.id;
    const { rows, total } = await this.repo.page(siteId, periodId, q);
    const problems = await this.problems.repo.byIds(
      siteId,
      rows.map((r) => r.problemId),
    );
    const shown = rows.flatMap((r) => {
      const p = problems.find((x) => x.id === r.problemId && x.statusId === 1);
      return p
        ? [
            presentProblemShown(
              p,
              p.score,
              [],
              p.options.map((_, i) => i),
            ),
          ]
        : [];
    });
    return toPage(shown, total, q, (x) => x);
  }

  /** Whether the user may practise this problem as an exercise of some lesson they can open. */
  async canPractise(siteId: bigint, userId: bigint, problemId: bigint): Promise<boolean> {
    for (const periodId of await this.repo.periodsOf(siteId, [problemId])) {
      try {
        await this.entitlement.periodAccess(siteId, userId, periodId);
        return true;
      } catch {
        // not this lesson; another lesson may carry the same problem
      }
    }
    return false;
  }
}
