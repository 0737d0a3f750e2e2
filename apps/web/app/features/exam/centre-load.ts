import { isId, type CallBody, type CallData, type CallDef } from '#contract/call.ts';
import { categoryList } from '#contract/exam.ts';
import { paperInfoList, paperSearchList } from '#contract/exam-centre.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';

/** What the paper centre's URL asks for: `?s=subject&y=year&free=1|0&q=name&page=2`. Odd values fall back. */
export interface CentreQuery {
  subjectId: string | undefined;
  yearId: string | undefined;
  isFree: 0 | 1 | undefined;
  keyword: string;
  pageCurrent: number;
  pageSize: number;
}

export function centreQuery(url: URL, pageSize: number): CentreQuery {
  const p = url.searchParams;
  const id = (name: string) => (isId(p.get(name) ?? '') ? p.get(name)! : undefined);
  const free = p.get('free');
  const n = Number(p.get('page'));
  return {
    subjectId: id('s'),
    yearId: id('y'),
    isFree: free === '1' ? 1 : free === '0' ? 0 : undefined,
    keyword: (p.get('q') ?? '').trim().slice(0, 50),
    pageCurrent: Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1,
    pageSize,
  };
}

/** Runs one call: `pageLoad` in a loader, `api` in the browser. */
type Load = <C extends CallDef>(call: C, body: CallBody<C>) => Promise<CallData<C>>;

/** One page of papers: a search by name when there is a keyword (the search call takes no filters), else the list. */
export function centrePage(q: CentreQuery, load: Load) {
  const { keyword, pageCurrent, pageSize } = q;
  return keyword
    ? load(paperSearchList, { keyword, pageCurrent, pageSize })
    : load(paperInfoList, { subjectId: q.subjectId, yearId: q.yearId, isFree: q.isFree, pageCurrent, pageSize });
}

/** The paper centre of the PC page and the H5 page: the subjects and years to filter by, and one page of papers. */
export async function loadExamCentre(args: LoaderArgsLike, pageSize: number) {
  const query = centreQuery(new URL(args.request.url), pageSize);
  const [categories, page] = await Promise.all([
    pageLoad(args, categoryList),
    centrePage(query, (call, body) => pageLoad(args, call, body)),
  ]);
  return { categories, page, query };
}
