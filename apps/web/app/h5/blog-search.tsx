import type { Route } from './+types/blog-search.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadBlogSearch } from '../features/community/blog-load.ts';
import { H5BlogItems } from './blog-list.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5KeywordForm } from './keyword-form.tsx';
import { H5Pager } from './h5-pager.tsx';
import './h5-blog.css';
import './h5-pages.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadBlogSearch(args, PAGE_SIZE);
}

/** /h5/blog/search — posts whose title, summary or labels hold the words, on a phone. */
export default function H5BlogSearch({ loaderData }: Route.ComponentProps) {
  const { keyword, page } = loaderData;
  return (
    <>
      <PageMeta title={keyword ? `${keyword} - 搜索博客` : '搜索博客'} />
      <H5Header title="搜索博客" />
      <h1 className="h5-visually-hidden">搜索博客</h1>
      <H5KeywordForm
        name="keyword"
        initial={keyword}
        placeholder="搜索博客标题、摘要或标签"
        label="搜索博客"
        maxLength={50}
      />
      {page ? (
        <>
          <p className="h5-keyword__said">
            “{keyword}”的博客，共 {page.totalCount} 篇
          </p>
          {page.list.length ? (
            <H5BlogItems list={page.list} label={`搜索结果，共 ${page.totalCount} 篇`} />
          ) : (
            <p className="h5-empty">没有找到相关博客，换个关键词试试</p>
          )}
          <H5Pager page={page} />
        </>
      ) : (
        <p className="h5-empty">输入关键词，搜索博客的标题、摘要和标签</p>
      )}
      <H5Footer />
    </>
  );
}
