import { Button, Pagination } from 'antd';
import { useLocation } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/list.ts';
import { EmptyState } from '../../components/page.tsx';
import { hrefWith } from '../../features/course/catalogue.ts';
import { QuestionItem } from '../../features/community/question-item.tsx';
import { loadQuestionList, SORTS } from '../../features/community/question-load.ts';
import { QuestionMeta } from '../../features/community/question-meta.tsx';
import '../../features/community/question.css';

const PAGE_SIZE = 15;

export async function loader(args: Route.LoaderArgs) {
  return loadQuestionList(args, PAGE_SIZE);
}

/** /question — questions by label tab ("全部" is an empty labelNo), newest, hottest or still unanswered. */
export default function QuestionList({ loaderData }: Route.ComponentProps) {
  const { labels, page, query } = loaderData;
  const location = useLocation();
  const url = new URL(`${location.pathname}${location.search}`, 'http://x');
  const label = labels.find((l) => l.labelNo === query.labelNo);
  const tabHref = (labelNo: string | null) =>
    hrefWith(new URL(hrefWith(url, 'page', null), 'http://x'), 'labelNo', labelNo);
  const sortHref = (sort: string) =>
    hrefWith(new URL(hrefWith(url, 'page', null), 'http://x'), 'sort', sort === 'latest' ? null : sort);
  const pageHref = (n: number) => hrefWith(url, 'page', n > 1 ? String(n) : null);
  const inRange = (n: number) => n >= 1 && n <= page.totalPage && n !== page.pageCurrent;
  return (
    <div className="qk-container qk-page qk-q-page">
      <QuestionMeta
        title={label ? `${label.labelName} - 问答` : '问答'}
        description={`${label ? `${label.labelName}相关的问题` : '学员与讲师的技术问答'}，共 ${page.totalCount} 个问题。`}
      />
      <section className="qk-q-main">
        <h1 className="qk-visually-hidden">问答</h1>
        <nav className="qk-q-tabs" aria-label="问题标签">
          <Link to={tabHref(null)} className={query.labelNo ? 'qk-q-tab' : 'qk-q-tab is-active'}>
            全部
          </Link>
          {labels.map((l) => (
            <Link
              key={l.labelNo}
              to={tabHref(l.labelNo)}
              className={l.labelNo === query.labelNo ? 'qk-q-tab is-active' : 'qk-q-tab'}
            >
              {l.labelName}
            </Link>
          ))}
        </nav>
        <nav className="qk-q-sorts" aria-label="排序">
          {SORTS.map((s) => (
            <Link key={s.key} to={sortHref(s.key)} className={s.key === query.sort ? 'is-active' : undefined}>
              {s.label}
            </Link>
          ))}
        </nav>
        {page.list.length === 0 ? (
          <EmptyState text={page.totalCount > 0 ? '这一页没有问题了' : '这里还没有问题，来提第一个吧'}>
            <Link to="/question/account/write">去提问</Link>
          </EmptyState>
        ) : (
          <ul className="qk-q-list">
            {page.list.map((q) => (
              <QuestionItem key={q.id} q={q} />
            ))}
          </ul>
        )}
        {page.totalPage > 1 ? (
          <Pagination
            className="qk-pager"
            current={page.pageCurrent}
            pageSize={PAGE_SIZE}
            total={page.totalCount}
            showSizeChanger={false}
            itemRender={(n, type, element) =>
              inRange(n) ? (
                <Link to={pageHref(n)} aria-label={type === 'page' ? `第 ${n} 页` : undefined}>
                  {type === 'page' ? n : type === 'prev' ? '‹' : type === 'next' ? '›' : '•••'}
                </Link>
              ) : (
                element
              )
            }
          />
        ) : null}
      </section>
      <aside className="qk-q-side">
        <h2>有问题，问大家</h2>
        <p className="qk-muted">描述清楚你遇到的问题，选好标签，老师和同学会来帮你。</p>
        <Link to="/question/account/write">
          <Button type="primary" block size="large">
            我要提问
          </Button>
        </Link>
        <p style={{ marginTop: 12 }}>
          <Link to="/account/ques">我的问答</Link>
        </p>
      </aside>
    </div>
  );
}
