import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BLOG_TAG_LENGTH, BLOG_TAG_MAX, blogSave, blogUpdate, type TBlogView } from '#contract/community-blog.ts';
import { api, inlineMessage } from '../api/client.ts';
import { useAction } from '../features/account/use-action.ts';
import { textToHtml } from '../features/community/text-to-html.ts';
import { useDraftAutosave } from '../features/community/use-draft-autosave.ts';
import { showSuccess } from '../lib/toast.ts';
import { Field, FormSubmit, TextareaField } from './form-parts.tsx';
import { PictureField } from './picture-field.tsx';
import { useFormValues } from './use-form-values.ts';

interface Values {
  title: string;
  /** the body as the phone's plain text */
  content: string;
  summary: string;
  /** the labels as typed, parted by commas (the PC form parts them there too) */
  tags: string;
  artPic: string;
}

const tagsOf = (typed: string) =>
  typed
    .split(/[,，]/)
    .map((t) => t.trim())
    .filter(Boolean);

const fieldsOf = (v: Values, isPublish: 0 | 1) => ({
  title: v.title,
  summary: v.summary,
  artPic: v.artPic,
  content: textToHtml(v.content),
  tags: tagsOf(v.tags),
  isPublish,
});

/**
 * The post's fields on a phone, checked by the blog calls' own rules before anything is sent: title, body, summary,
 * labels and cover, as the PC form has them. A draft is saved a moment after each change, as on the PC, and stays
 * on the page; publishing (or saving a published post) opens the post.
 */
export function H5BlogForm({ post, text }: { post: TBlogView | null; text: string }) {
  const navigate = useNavigate();
  const { v, bind, bindPicture, check } = useFormValues<Values>({
    title: post?.title ?? '',
    content: text,
    summary: post?.summary ?? '',
    tags: (post?.tags ?? []).join('，'),
    artPic: post?.artPic ?? '',
  });
  // read by a save right after another: the first save of a new post gives it its id before any render
  const id = useRef(post?.id ?? '');
  const published = post?.isPublish === 1;
  const [status, setStatus] = useState('');
  const { run, pending, error } = useAction();

  // a post's fields follow the same rules whether it is new or edited (blogUpdate adds only its id)
  const send = (body: ReturnType<typeof blogSave.body.parse>) =>
    id.current ? api(blogUpdate, { id: id.current, ...body }) : api(blogSave, body);

  function drafted(saved: { id: string; gmtModified: string }) {
    if (!id.current) {
      id.current = saved.id;
      // a reload goes on with the same draft
      window.history.replaceState(window.history.state, '', `/h5/blog/account/write?id=${saved.id}`);
    }
    setStatus(`草稿已保存 ${saved.gmtModified.slice(11, 16)}`);
  }

  // an unfinished draft (no title yet, a label too long) waits for the writer's next change, its messages unshown
  const autosave = useDraftAutosave(v, !published && !!v.title.trim(), async () => {
    const body = blogSave.body.safeParse(fieldsOf(v, 0));
    if (!body.success) return;
    setStatus('正在保存草稿…');
    try {
      drafted(await send(body.data));
    } catch (err) {
      setStatus(inlineMessage(err, '草稿保存失败，请稍后再试') ?? '');
    }
  });

  async function save(isPublish: 0 | 1) {
    const body = check(blogSave.body, fieldsOf(v, isPublish));
    if (!body) return;
    const saved = await run(async () => {
      await autosave.settled();
      return send(body);
    });
    if (!saved) return;
    if (isPublish) {
      showSuccess(published ? '修改已保存' : '博客已发布');
      await navigate(`/h5/blog/article/${saved.id}`, { replace: true });
      return;
    }
    drafted(saved);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void save(1);
  }

  return (
    <form
      className="h5-pages__form h5-blog-write"
      onSubmit={submit}
      aria-label={post ? '编辑博客' : '写博客'}
      noValidate
    >
      {post?.isHidden === 1 ? (
        <p className="h5-notice">这篇博客已被管理员隐藏，只有你能看到；修改后也不会重新显示。</p>
      ) : null}
      <Field label="标题" maxLength={100} placeholder="一句话说清写的是什么" {...bind('title')} />
      <TextareaField label="正文" rows={12} placeholder="空一行开始新的一段" {...bind('content')} />
      <TextareaField
        label="摘要（选填）"
        maxLength={200}
        rows={3}
        placeholder="不填写时取正文开头"
        {...bind('summary')}
      />
      <Field
        label={`标签（选填，最多 ${BLOG_TAG_MAX} 个）`}
        hint={`用逗号分开，每个不超过 ${BLOG_TAG_LENGTH} 个字`}
        placeholder="如：Python，数据分析"
        {...bind('tags')}
      />
      <PictureField label="封面（选填）" noun="封面" alt="封面" cover removable {...bindPicture('artPic')} />
      <FormSubmit error={error} pending={pending} label={published ? '保存修改' : '发布'} pendingLabel="正在保存…" />
      {published ? null : (
        <button type="button" className="h5-button h5-button--block" disabled={pending} onClick={() => void save(0)}>
          存草稿
        </button>
      )}
      <p className="h5-muted h5-blog-write__status" role="status">
        {status}
      </p>
    </form>
  );
}
