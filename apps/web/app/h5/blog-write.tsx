import type { Route } from './+types/blog-write.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadPostToEdit } from '../features/community/blog-account-load.ts';
import { htmlToText } from '../features/community/html-to-text.ts';
import { H5BlogForm } from './blog-write-form.tsx';
import { EditOnComputer } from './edit-on-computer.tsx';
import { H5Header } from './h5-frame.tsx';
import './h5-blog.css';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadPostToEdit(args);
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
        <EditOnComputer
          what="这篇博客"
          title={post.title}
          pcPath={`/blog/account/write?id=${post.id}`}
          view={{ to: `/h5/blog/article/${post.id}`, label: '查看这篇博客' }}
          back={{ to: '/h5/blog/account', label: '返回我的博客' }}
        />
      ) : (
        <H5BlogForm key={post?.id} post={post} text={text ?? ''} />
      )}
    </>
  );
}
