import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { questionList } from '#contract/community-question.ts';
import type { Route } from './+types/question-list.ts';
import { api } from '../api/client.ts';
import { hrefWith } from '../features/course/catalogue.ts';
import { loadQuestionList, SORTS } from '../features/community/question-load.ts';
import { QuestionMeta } from '../features/community/question-meta.tsx';
import { EndlessList } from './endless-list.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5QuestionRow } from './question-row.tsx';
import './h5-question.css';

const H5_PAGE_SIZE = 10;

export async function loader(args: Route.LoaderArgs) {
  return loadQuestionList(args, H5_PAGE_SIZE);
}

/** /h5/question — questions on a phone: label chips, the three orders, an endless list and an ask button. */
export default function H5QuestionList({ loaderData }: Route.ComponentProps) {
  const { labels, page, query } = loaderData;
  const { pathname, search } = useLocation();
  const url = new URL(pathname + search, 'http://h5');
  const label = labels.find((l) => l.labelNo === query.labelNo);
  const chip = (key: string, to: string, name: string, on: boolean) => (
    <Link key={key} to={to} replace className={on ? 'h5-chip is-on' : 'h5-chip'} aria-current={on ? 'true' : undefined}>
      {name}
    </Link>
  );
  return (
    <>
      <QuestionMeta title={label ? `${label.labelName} - 问答` : '问答'} description={`共 ${page.totalCount} 个问题`} />
      <H5Header title="问答" />
      <h1 className="h5-visually-hidden">问答</h1>
      <nav className="h5-filter" aria-label="问题标签">
        <div className="h5-chips">
          {chip('all', hrefWith(url, 'labelNo', null), '全部', !query.labelNo)}
          {labels.map((l) =>
            chip(l.labelNo, hrefWith(url, 'labelNo', l.labelNo), l.labelName, l.labelNo === query.labelNo),
          )}
        </div>
        <div className="h5-chips h5-chips--sub">
          {SORTS.map((s) =>
            chip(s.key, hrefWith(url, 'sort', s.key === 'latest' ? null : s.key), s.label, s.key === query.sort),
          )}
        </div>
      </nav>
      <EndlessList
        key={search}
        className="h5-list h5-q-list"
        first={page.list}
        total={page.totalCount}
        label={`问题，共 ${page.totalCount} 个`}
        empty="这里还没有问题，来提第一个吧"
        done={`已显示全部 ${page.totalCount} 个问题`}
        more={(n) => api(questionList, { ...query, pageCurrent: n, pageSize: H5_PAGE_SIZE }, { toast: false })}
        row={(q) => <H5QuestionRow q={q} />}
      />
      <Link to="/h5/question/write" className="h5-button h5-button--primary h5-q-ask">
        我要提问
      </Link>
      <H5Footer />
    </>
  );
}
