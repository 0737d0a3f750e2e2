import { Form, useLocation } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { TCategory } from '#contract/exam.ts';
import { paperRecommendList } from '#contract/exam-centre.ts';
import type { Route } from './+types/centre.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { pageLoad } from '../../lib/session-load.ts';
import { hrefWith } from '../../features/course/catalogue.ts';
import { LinkPager } from '../../features/course/link-pager.tsx';
import { loadExamCentre } from '../../features/exam/centre-load.ts';
import { PaperItem } from '../../features/exam/paper-item.tsx';
import '../../features/exam/exam.css';
import { formatMoney } from '#contract/money.ts';

const PAGE_SIZE = 15;

export async function loader(args: Route.LoaderArgs) {
  const [{ categories, page, query }, recommended] = await Promise.all([
    loadExamCentre(args, PAGE_SIZE),
    pageLoad(args, paperRecommendList, { count: 8 }),
  ]);
  const free = query.isFree === undefined ? '' : String(query.isFree);
  return { categories, page, recommended, query: { ...query, free } };
}

function Row({
  label,
  name,
  options,
  selected,
  url,
}: {
  label: string;
  name: string;
  options: Array<Pick<TCategory, 'id' | 'categoryName'>>;
  selected: string | undefined;
  url: URL;
}) {
  return (
    <div className="qk-exam-filter__row">
      <span className="qk-exam-filter__label">{label}</span>
      <div className="qk-exam-filter__options">
        <Link to={hrefWith(url, name, null)} className={selected ? undefined : 'is-active'}>
          全部
        </Link>
        {options.map((o) => (
          <Link key={o.id} to={hrefWith(url, name, o.id)} className={selected === o.id ? 'is-active' : undefined}>
            {o.categoryName}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** /exam — the paper centre: subject, year and price filters, search, published papers and recommendations. */
export default function ExamCentre({ loaderData }: Route.ComponentProps) {
  const { categories, page, recommended, query } = loaderData;
  const location = useLocation();
  const url = new URL(`${location.pathname}${location.search}`, 'http://x');
  const filtered = Boolean(query.subjectId || query.yearId || query.free || query.keyword);
  return (
    <div className="qk-container qk-page">
      <PageMeta title="考试中心" description={`在线试卷与模拟考试，共 ${page.totalCount} 份试卷，按科目与年份筛选。`} />
      <h1 className="qk-visually-hidden">考试中心</h1>
      <section className="qk-exam-filter" aria-label="筛选">
        <Row label="科目" name="s" options={categories.subjectList} selected={query.subjectId} url={url} />
        <Row label="年份" name="y" options={categories.yearList} selected={query.yearId} url={url} />
        <Row
          label="价格"
          name="free"
          options={[
            { id: '1', categoryName: '免费' },
            { id: '0', categoryName: '付费' },
          ]}
          selected={query.free || undefined}
          url={url}
        />
      </section>
      <div className="qk-exam-centre">
        <div className="qk-exam-centre__main">
          <Form method="get" className="qk-exam-search" role="search" aria-label="搜索试卷">
            <input
              className="qk-exam-field"
              name="q"
              defaultValue={query.keyword}
              maxLength={50}
              placeholder="搜索试卷名称"
              aria-label="搜索试卷"
            />
            <button type="submit" className="qk-exam-btn qk-exam-btn--primary">
              搜索
            </button>
            <span className="qk-muted" style={{ marginLeft: 'auto', alignSelf: 'center' }}>
              {query.keyword ? `“${query.keyword}”的结果，` : ''}共 {page.totalCount} 份试卷
            </span>
          </Form>
          {page.list.length === 0 ? (
            <EmptyState text={filtered ? '没有符合条件的试卷，换个条件试试' : '还没有上架的试卷'} />
          ) : (
            <div className="qk-exam-list">
              {page.list.map((p) => (
                <PaperItem key={p.id} paper={p} />
              ))}
            </div>
          )}
          <LinkPager
            current={page.pageCurrent}
            totalPage={page.totalPage}
            href={(n) => hrefWith(url, 'page', n > 1 ? String(n) : null)}
          />
        </div>
        <aside className="qk-exam-centre__side">
          <div className="qk-exam-box">
            <h2>推荐试卷</h2>
            {recommended.length === 0 ? (
              <p className="qk-muted">暂无推荐</p>
            ) : (
              <ul className="qk-exam-rec">
                {recommended.map((p) => (
                  <li key={p.id}>
                    <Link to={`/exam/view/${p.id}`}>{p.examName}</Link>
                    <span>
                      {p.isFree === 1 ? '免费' : formatMoney(p.priceFen)} · {p.studyCount} 人参加
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="qk-exam-box">
            <h2>随堂练习</h2>
            <p className="qk-muted" style={{ marginTop: 0 }}>
              按科目、题型抽题练习，每答一题立即看到对错与解析。
            </p>
            <Link to="/exam/exercise" className="qk-exam-btn">
              开始练习
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
