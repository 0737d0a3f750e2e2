import { Button, Input, Pagination } from 'antd';
import { useNavigate } from 'react-router';
import type { Route } from './+types/search.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { showError } from '../../lib/toast.ts';
import { BlogList } from '../../features/community/blog-card.tsx';
import { loadBlogSearch } from '../../features/community/blog-load.ts';
import '../../features/community/blog.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadBlogSearch(args, PAGE_SIZE);
}

/** /blog/search — posts whose title, summary or labels hold the words. */
export default function BlogSearch({ loaderData }: Route.ComponentProps) {
  const { keyword, page } = loaderData;
  const navigate = useNavigate();
  const go = (k: string, n = 1) => {
    // spec §5: an empty search says what to do
    if (!k.trim()) return showError('请输入搜索内容');
    void navigate(`/blog/search?keyword=${encodeURIComponent(k.trim())}${n > 1 ? `&page=${n}` : ''}`);
  };
  return (
    <div className="qk-container qk-page qk-blog-search">
      <PageMeta title={keyword ? `${keyword} - 搜索博客` : '搜索博客'} />
      <h1 className="qk-page__title">搜索博客</h1>
      {/* a plain input and button: the extracted antd stylesheet does not lay out Input.Search (apps/web/vite/antd-css.ts) */}
      <form
        key={keyword}
        role="search"
        className="qk-blog-search__form"
        onSubmit={(e) => {
          e.preventDefault();
          go(String(new FormData(e.currentTarget).get('keyword') ?? ''));
        }}
      >
        <Input
          name="keyword"
          defaultValue={keyword}
          placeholder="搜索博客标题、摘要或标签"
          aria-label="搜索博客"
          maxLength={50}
          size="large"
          allowClear
        />
        <Button type="primary" htmlType="submit" size="large">
          搜索
        </Button>
      </form>
      {page ? (
        <section className="qk-blog-search__results" aria-label="搜索结果">
          <p className="qk-muted">找到 {page.totalCount} 篇博客</p>
          <BlogList list={page.list} empty="没有找到相关博客，换个关键词试试" />
          {page.totalPage > 1 ? (
            <Pagination
              className="qk-blog__pager"
              current={page.pageCurrent}
              pageSize={page.pageSize}
              total={page.totalCount}
              showSizeChanger={false}
              onChange={(n) => go(keyword, n)}
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
