import { useLocation } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { TCategoryNode, TCourseBrief, TCourseListQuery } from '#contract/course.ts';
import type { CallData } from '#contract/call.ts';
import type { courseList } from '#contract/course.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { CourseGrid } from './course-card.tsx';
import type { CourseKind } from './course-format.ts';
import { categoryTrail, hrefWith, SORTS } from './catalogue.ts';
import { LinkPager } from './link-pager.tsx';
import './course.css';

interface Props {
  kind: CourseKind;
  tree: TCategoryNode[];
  page: CallData<typeof courseList>;
  query: TCourseListQuery;
}

interface Option {
  id: string;
  categoryName: string;
}

function FilterRow({
  label,
  options,
  selected,
  href,
}: {
  label: string;
  options: Option[];
  selected: string | undefined;
  href: (id: string | null) => string;
}) {
  return (
    <div className="qk-filter__row">
      <span className="qk-filter__label">{label}</span>
      <div className="qk-filter__options">
        <Link to={href(null)} className={selected ? undefined : 'is-active'}>
          全部
        </Link>
        {options.map((o) => (
          <Link key={o.id} to={href(o.id)} className={selected === o.id ? 'is-active' : undefined}>
            {o.categoryName}
          </Link>
        ))}
      </div>
    </div>
  );
}

/**
 * A catalogue (/list, /resource, /library): the category tree as rows of links (a lower row appears once its
 * parent is chosen), free/paid, sort, course cards and page links. Every choice is a link, so search engines
 * and the back button see each filtered page.
 */
export function CataloguePage({ kind, tree, page, query }: Props) {
  const location = useLocation();
  const url = new URL(`${location.pathname}${location.search}`, 'http://x');
  const trail = categoryTrail(tree, query.categoryId);
  const l1 = tree.find((n) => n.id === trail[0]);
  const l2 = l1?.childrenList.find((n) => n.id === trail[1]);
  const catHref = (parent: string | undefined) => (id: string | null) => hrefWith(url, 'c', id ?? parent ?? null);
  const free = query.isFree === undefined ? '' : String(query.isFree);
  const chosen = [l1, l2, l2?.childrenList.find((n) => n.id === trail[2])].filter(Boolean).map((n) => n!.categoryName);
  const title = chosen.length ? `${chosen.at(-1)} - ${kind.listTitle}` : kind.listTitle;
  const list: TCourseBrief[] = page.list;

  return (
    <div className="qk-container qk-page">
      <PageMeta
        title={title}
        description={`${kind.listTitle}：${chosen.join(' / ') || '全部分类'}，共 ${page.totalCount} 门${kind.noun}。`}
      />
      <h1 className="qk-visually-hidden">{title}</h1>
      <section className="qk-filter" aria-label="筛选">
        <FilterRow label="方向" options={tree} selected={trail[0]} href={catHref(undefined)} />
        {l1 && l1.childrenList.length > 0 ? (
          <FilterRow label="分类" options={l1.childrenList} selected={trail[1]} href={catHref(l1.id)} />
        ) : null}
        {l2 && l2.childrenList.length > 0 ? (
          <FilterRow label="细分" options={l2.childrenList} selected={trail[2]} href={catHref(l2.id)} />
        ) : null}
        <div className="qk-filter__row">
          <span className="qk-filter__label">价格</span>
          <div className="qk-filter__options">
            <Link to={hrefWith(url, 'free', null)} className={free === '' ? 'is-active' : undefined}>
              全部
            </Link>
            <Link to={hrefWith(url, 'free', '1')} className={free === '1' ? 'is-active' : undefined}>
              免费
            </Link>
            <Link to={hrefWith(url, 'free', '0')} className={free === '0' ? 'is-active' : undefined}>
              付费
            </Link>
          </div>
        </div>
      </section>
      <div className="qk-sortbar">
        <nav className="qk-sortbar__sorts" aria-label="排序">
          {SORTS.map((s) => (
            <Link
              key={s.value}
              to={hrefWith(url, 'sort', s.value === 'default' ? null : s.value)}
              className={query.orderBy === s.value ? 'is-active' : undefined}
            >
              {s.label}
            </Link>
          ))}
        </nav>
        <span className="qk-muted">
          {query.keyword ? `“${query.keyword}”的结果，` : ''}共 {page.totalCount} 门{kind.noun}
        </span>
      </div>
      {list.length === 0 ? (
        <EmptyState
          text={
            query.categoryId || query.isFree !== undefined || query.keyword
              ? `没有符合条件的${kind.noun}，换个条件试试`
              : `还没有上架的${kind.noun}`
          }
        />
      ) : (
        <>
          {/* the cards' titles are h3, as under a home-page zone's h2 */}
          <h2 className="qk-visually-hidden">{kind.noun}列表</h2>
          <CourseGrid courses={list} />
        </>
      )}
      <LinkPager
        current={page.pageCurrent}
        totalPage={page.totalPage}
        href={(n) => hrefWith(url, 'page', n > 1 ? String(n) : null)}
      />
    </div>
  );
}
