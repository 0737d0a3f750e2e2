import { Input, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { PROBLEM_TYPES, problemTypeName, type TCategory } from '#contract/exam.ts';
import { useQueryParam } from '../account/page-query.ts';
import { isId } from '#contract/call.ts';

/** The question bank's filters as the address holds them: ?type=&difficulty=&subjectId=&keyword=&page=. */
export function problemQuery(request: Request, pageSize: number) {
  const p = new URL(request.url).searchParams;
  const num = (k: string, max: number) => {
    const n = Number(p.get(k));
    return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
  };
  const s = p.get('subjectId') ?? '';
  return {
    pageCurrent: num('page', 10_000) ?? 1,
    pageSize,
    problemType: num('type', 6),
    difficulty: num('difficulty', 3),
    subjectId: isId(s) ? s : undefined,
    keyword: (p.get('keyword') ?? '').trim().slice(0, 50) || undefined,
  };
}

export function ProblemFilters({ subjects }: { subjects: TCategory[] }) {
  const setParam = useQueryParam();
  const [params] = useSearchParams();
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
  return (
    <>
      <Select
        allowClear
        placeholder="全部题型"
        style={{ width: 120 }}
        value={num('type')}
        onChange={(v) => setParam('type', v ?? null)}
        options={PROBLEM_TYPES.map((t) => ({ value: t, label: problemTypeName[t] }))}
      />
      <Select
        allowClear
        placeholder="全部难度"
        style={{ width: 110 }}
        value={num('difficulty')}
        onChange={(v) => setParam('difficulty', v ?? null)}
        options={[
          { value: 1, label: '容易' },
          { value: 2, label: '中等' },
          { value: 3, label: '困难' },
        ]}
      />
      <Select
        allowClear
        placeholder="全部科目"
        style={{ width: 130 }}
        value={params.get('subjectId') ?? undefined}
        onChange={(v) => setParam('subjectId', v ?? null)}
        options={subjects.map((c) => ({ value: c.id, label: c.categoryName }))}
      />
      <Input
        allowClear
        placeholder="搜索题干，回车查询"
        defaultValue={params.get('keyword') ?? ''}
        style={{ width: 220 }}
        maxLength={50}
        aria-label="搜索题干"
        onPressEnter={(e) => setParam('keyword', e.currentTarget.value.trim() || null)}
        onClear={() => setParam('keyword', null)}
      />
    </>
  );
}

export function plainStem(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
