import { Link } from '../components/link.tsx';
import type { TBlogView } from '#contract/community-blog.ts';
import type { Route } from './+types/blog-write.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadPostToEdit } from '../features/community/blog-account-load.ts';
import { htmlToText } from '../features/community/html-to-text.ts';
import { H5BlogForm } from './blog-write-form.tsx';
import { H5Header } from './h5-frame.tsx';
import { switchHref } from './h5-links.ts';
import './h5-blog.css';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadPostToEdit(args);
}

/** A post whose body the phone's plain field cannot give back as it is: edited on the computer, never flattened. */
function EditOnComputer({ post }: { post: TBlogView }) {
  return (
    <div className="h5-pages__form h5-blog-write">
      <div className="h5-notice" role="note">
        <p>
          <strong>这篇博客请在电脑上编辑</strong>
        </p>
        <p>
          《{post.title}》的正文含有标题、图片、列表、链接或代码等排版，手机上只能编辑纯文字，在这里保存会丢掉这些排版。
        </p>
        <p>进入电脑版后，可在页面底部点“手机版”回到手机页面。</p>
      </div>
      <a
        className="h5-button h5-button--primary h5-button--block"
        href={switchHref('pc', `/blog/account/write?id=${post.id}`)}
      >
        在电脑版编辑
      </a>
      <Link className="h5-button h5-button--block" to={`/h5/blog/article/${post.id}`}>
        查看这篇博客
      </Link>
      <Link className="h5-button h5-button--block" to="/h5/blog/account">
        返回我的博客
      </Link>
    </div>
  );
}

/**
 * /h5/blog/account/write — writing a post on a phone (`?id=` edits one of mine). The body is plain text, turned
 * into paragraphs; a post whose body holds more than that is sent to the PC editor instead.
 */
export default function H5BlogWrite({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const text = post ? htmlToText(post.content) : '';
  const title = post ? '编辑博客' : '写博客';
  return (
    <>
      <PageMeta title={title} />
      <H5Header title={title} />
      <h1 className="h5-visually-hidden">{title}</h1>
      {post && text === null ? (
        <EditOnComputer post={post} />
      ) : (
        <H5BlogForm key={post?.id} post={post} text={text ?? ''} />
      )}
    </>
  );
}
