import { PROBLEM_TYPES, problemTypeName, type TCategory } from '#contract/exam.ts';

/** The choices of a practice set's form, the same on the PC page and its H5 twin; the first of each is "any". */
export function SubjectOptions({ subjects }: { subjects: TCategory[] }) {
  return (
    <>
      <option value="">全部科目</option>
      {subjects.map((c) => (
        <option key={c.id} value={c.id}>
          {c.categoryName}
        </option>
      ))}
    </>
  );
}

/** Material problems are practised through their sub-problems: not a type to draw by. */
export function ProblemTypeOptions() {
  return (
    <>
      <option value="">全部题型</option>
      {PROBLEM_TYPES.filter((t) => t !== 6).map((t) => (
        <option key={t} value={t}>
          {problemTypeName[t]}
        </option>
      ))}
    </>
  );
}

export function DifficultyOptions() {
  return (
    <>
      <option value="">不限</option>
      <option value="1">容易</option>
      <option value="2">中等</option>
      <option value="3">困难</option>
    </>
  );
}
