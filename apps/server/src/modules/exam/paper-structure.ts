import { ProblemType } from '#contract/exam.ts';
import type { Outline } from './paper.repo.ts';
import type { ProblemRepo, ProblemRow } from './problem.repo.ts';

export interface LoadedItem {
  problem: ProblemRow;
  /** The score in this paper: the ref's, or for a material problem the sum of its sub-problems'. */
  score: number;
  children: ProblemRow[];
}
export interface LoadedSection {
  titleName: string;
  score: number;
  items: LoadedItem[];
}
/** An answerable problem of the paper (not a material problem itself) and its full score here. */
export interface Leaf {
  problem: ProblemRow;
  max: number;
  parentId: bigint | null;
}
export interface PaperStructure {
  sections: LoadedSection[];
  leaves: Map<string, Leaf>;
}

/** Loads the problems of an outline, with material problems' sub-problems, in the outline's order. */
export async function loadStructure(siteId: bigint, o: Outline, problems: ProblemRepo): Promise<PaperStructure> {
  const ids = o.sections.flatMap((s) => s.refs.map((r) => r.problemId));
  const rows = await problems.byIds(siteId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = await problems.childrenOf(
    siteId,
    rows.filter((r) => r.problemType === ProblemType.MATERIAL).map((r) => r.id),
  );
  const leaves = new Map<string, Leaf>();
  const sections = o.sections.map((s) => {
    const items: LoadedItem[] = [];
    for (const ref of s.refs) {
      const problem = byId.get(ref.problemId);
      if (!problem) continue;
      const kids =
        problem.problemType === ProblemType.MATERIAL ? children.filter((c) => c.parentId === problem.id) : [];
      const score = problem.problemType === ProblemType.MATERIAL ? kids.reduce((n, c) => n + c.score, 0) : ref.score;
      items.push({ problem, score, children: kids });
      if (problem.problemType === ProblemType.MATERIAL)
        for (const c of kids) leaves.set(String(c.id), { problem: c, max: c.score, parentId: problem.id });
      else leaves.set(String(problem.id), { problem, max: ref.score, parentId: null });
    }
    return { titleName: s.titleName, score: items.reduce((n, i) => n + i.score, 0), items };
  });
  return { sections, leaves };
}

export const totalsOf = (s: PaperStructure) => ({
  totalScore: s.sections.reduce((n, x) => n + x.score, 0),
  problemCount: s.leaves.size,
});
