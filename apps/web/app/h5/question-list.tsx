import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import { questionList, type TQuestionItem } from '#contract/community-question.ts';
import type { Route } from './+types/question-list.ts';
import { api, inlineMessage } from '../api/client.ts';
import { hrefWith } from '../features/course/catalogue.ts';
import { loadQuestionList, SORTS } from '../features/community/question-load.ts';
import { QuestionMeta } from '../features/community/question-meta.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
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
      <EndlessQuestions key={search} first={page.list} total={page.totalCount} query={query} />
      <Link to="/h5/question/write" className="h5-button h5-button--primary h5-q-ask">
        我要提问
      </Link>
      <H5Footer />
    </>
  );
}

function EndlessQuestions({
  first,
  total,
  query,
}: {
  first: TQuestionItem[];
  total: number;
  query: Route.ComponentProps['loaderData']['query'];
}) {
  const [list, setList] = useState(first);
  const [pageNo, setPageNo] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const hasMore = list.length < total && failure === null;

  async function loadMore() {
    try {
      const next = await api(
        questionList,
        { ...query, pageCurrent: pageNo + 1, pageSize: H5_PAGE_SIZE },
        { toast: false },
      );
      setList((old) => [...old, ...next.list.filter((q) => !old.some((o) => o.id === q.id))]);
      setPageNo(next.pageCurrent);
      if (next.list.length === 0) setFailure('');
    } catch (err) {
      setFailure(inlineMessage(err, '加载失败，请检查网络后重试') ?? '');
    }
  }

  if (list.length === 0) return <p className="h5-empty">这里还没有问题，来提第一个吧</p>;
  return (
    <>
      <ul className="h5-list h5-q-list" aria-label={`问题，共 ${total} 个`}>
        {list.map((q) => (
          <li key={q.id}>
            <Link to={`/h5/question/view/${q.id}`} className="h5-q-row">
              <strong className="h5-q-row__title">{q.title}</strong>
              <span className="h5-q-row__meta">
                {q.labels.map((l) => (
                  <span key={l.labelNo} className="h5-q-tag">
                    {l.labelName}
                  </span>
                ))}
                <span>{q.answerCount} 个回答</span>
                {q.accepted ? <span className="h5-q-solved">已解决</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {failure ? (
        <button type="button" className="h5-retry" onClick={() => setFailure(null)}>
          {failure}，点此重试
        </button>
      ) : (
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中…' : `已显示全部 ${total} 个问题`}
        </InfiniteScroll>
      )}
    </>
  );
}
