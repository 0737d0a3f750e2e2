import { useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import type { TCategory } from '#contract/exam.ts';
import type { Route } from './+types/exam-centre.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { hrefWith } from '../features/course/catalogue.ts';
import { centrePage, loadExamCentre } from '../features/exam/centre-load.ts';
import { H5_EXAM_RECORDS } from '../features/exam/exam-paths.ts';
import { useSite } from '../lib/root-data.ts';
import { EndlessList } from './endless-list.tsx';
import { H5Chip } from './h5-chip.tsx';
import { H5KeywordForm } from './keyword-form.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5PaperRow } from './paper-row.tsx';
import './h5-exam.css';
import { PullRefresh } from './pull-refresh.tsx';

export function loader(args: Route.LoaderArgs) {
  return loadExamCentre(args, 10);
}

const PRICES = [
  { id: '1', categoryName: '免费' },
  { id: '0', categoryName: '付费' },
];

/** /h5/exam — the paper centre on a phone: search by name, subject, year and price chips, an endless list. */
export default function H5ExamCentre({ loaderData }: Route.ComponentProps) {
  const { categories, page, query } = loaderData;
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const { user } = useSite();
  // a pull to refresh starts the list again from the fresh first page
  const [round, setRound] = useState(0);
  const url = new URL(pathname + search, 'http://h5');
  const filtered = Boolean(query.subjectId || query.yearId || query.isFree !== undefined || query.keyword);
  return (
    <>
      <PageMeta title="考试中心" description={`在线试卷与模拟考试，共 ${page.totalCount} 份试卷。`} />
      <H5Header title="考试中心" />
      <h1 className="h5-visually-hidden">考试中心</h1>
      <H5KeywordForm
        name="q"
        initial={query.keyword}
        placeholder="搜索试卷名称"
        fieldLabel="试卷名称"
        label="搜索试卷"
        maxLength={50}
      />
      <nav className="h5-exam-shortcuts" aria-label="练习与记录">
        <Link to="/h5/exam/exercise">随堂练习</Link>
        {user ? <Link to={H5_EXAM_RECORDS}>我的考试记录</Link> : null}
      </nav>
      {query.keyword ? (
        <p className="h5-keyword__said">
          “{query.keyword}”的试卷，共 {page.totalCount} 份 <Link to="/h5/exam">清除搜索</Link>
        </p>
      ) : (
        <nav className="h5-exam-filter" aria-label="试卷筛选">
          <Chips url={url} name="s" all="全部科目" options={categories.subjectList} selected={query.subjectId} />
          <Chips url={url} name="y" all="全部年份" options={categories.yearList} selected={query.yearId} />
          <Chips url={url} name="free" all="不限价格" options={PRICES} selected={query.isFree?.toString()} />
        </nav>
      )}
      <PullRefresh
        onRefresh={async () => {
          await revalidator.revalidate();
          setRound((n) => n + 1);
        }}
      >
        <EndlessList
          key={`${search}|${round}`}
          first={page.list}
          total={page.totalCount}
          label={`试卷，共 ${page.totalCount} 份`}
          empty={filtered ? '没有符合条件的试卷，换个条件试试' : '还没有上架的试卷'}
          done={`已显示全部 ${page.totalCount} 份试卷`}
          more={(n) => centrePage({ ...query, pageCurrent: n }, (call, body) => api(call, body, { toast: false }))}
          row={(p) => <H5PaperRow paper={p} />}
        />
        <H5Footer />
      </PullRefresh>
    </>
  );
}

function Chips({
  url,
  name,
  all,
  options,
  selected,
}: {
  url: URL;
  name: string;
  all: string;
  options: Array<Pick<TCategory, 'id' | 'categoryName'>>;
  selected: string | undefined;
}) {
  if (options.length === 0) return null;
  const chip = (id: string | null, label: string) => (
    <H5Chip key={id ?? 'all'} to={hrefWith(url, name, id)} replace on={(id ?? undefined) === selected}>
      {label}
    </H5Chip>
  );
  return (
    <div className="h5-chips">
      {chip(null, all)}
      {options.map((o) => chip(o.id, o.categoryName))}
    </div>
  );
}
