import { Button, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { BLOG_TAG_MAX, blogSave, blogUpdate, type TBlogView } from '#contract/community-blog.ts';
import type { Route } from './+types/write.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { showSuccess } from '../../lib/toast.ts';
import { ImageUpload } from '../../features/account/image-upload.tsx';
import { loadPostToEdit } from '../../features/community/blog-account-load.ts';
import { BodyField } from '../../features/community/body-field.tsx';
import { useDraftAutosave } from '../../features/community/use-draft-autosave.ts';
import 'virtual:antd-all.css';
import '../../features/community/blog.css';

export function loader(args: Route.LoaderArgs) {
  return loadPostToEdit(args);
}

interface Draft {
  title: string;
  summary: string;
  artPic: string;
  content: string;
  tags: string[];
}
const fromPost = (p: TBlogView | null): Draft => ({
  title: p?.title ?? '',
  summary: p?.summary ?? '',
  artPic: p?.artPic ?? '',
  content: p?.content ?? '',
  tags: p?.tags ?? [],
});

/** /blog/account/write — writing a post (no header or footer): drafts saved while writing, then published. */
export default function BlogWrite({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => fromPost(post));
  // read by a save right after another: the first save of a new post gives it its id before any render
  const id = useRef(post?.id ?? '');
  const published = post?.isPublish === 1;
  const [status, setStatus] = useState(post ? `已保存 ${post.gmtModified.slice(11, 16)}` : '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function store(isPublish: 0 | 1): Promise<string | null> {
    const body = { ...draft, isPublish };
    const saved = id.current ? await api(blogUpdate, { id: id.current, ...body }) : await api(blogSave, body);
    if (!id.current) {
      id.current = saved.id;
      // a reload keeps editing the same draft
      window.history.replaceState(window.history.state, '', `/blog/account/write?id=${saved.id}`);
    }
    setStatus(`${isPublish ? '已发布' : '草稿已保存'} ${saved.gmtModified.slice(11, 16)}`);
    return saved.id;
  }

  // drafts are saved while writing (a published post is saved only by its button)
  const autosave = useDraftAutosave(draft, !published && !!draft.title.trim(), async () => {
    setStatus('正在保存草稿…');
    try {
      await store(0);
    } catch (err) {
      setStatus('');
      setError(inlineMessage(err, '草稿保存失败，请稍后再试'));
    }
  });

  async function submit(isPublish: 0 | 1) {
    setPending(true);
    setError(null);
    try {
      await autosave.settled();
      const savedId = await store(isPublish);
      if (isPublish && savedId) {
        showSuccess('博客已发布');
        void navigate(`/blog/article/${savedId}`);
      } else showSuccess('草稿已保存');
    } catch (err) {
      setError(inlineMessage(err, '保存失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="qk-blog-write">
      <PageMeta title={published ? '编辑博客' : '写博客'} />
      <header className="qk-blog-write__bar">
        <Link to="/blog/account">← 我的博客</Link>
        <span className="qk-muted" role="status">
          {status}
        </span>
        <span className="qk-blog-write__buttons">
          {!published ? (
            <Button loading={pending} onClick={() => void submit(0)}>
              保存草稿
            </Button>
          ) : null}
          <Button type="primary" loading={pending} onClick={() => void submit(1)}>
            {published ? '保存修改' : '发布'}
          </Button>
        </span>
      </header>
      <main className="qk-blog-write__main">
        {error ? (
          <p className="qk-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Input
          className="qk-blog-write__title"
          value={draft.title}
          onChange={(e) => set({ title: e.target.value })}
          placeholder="请输入标题"
          aria-label="标题"
          maxLength={100}
          variant="borderless"
        />
        <BodyField
          value={draft.content}
          onChange={(content) => set({ content })}
          placeholder="正文"
          aria-label="正文"
        />
        <div className="qk-blog-write__side">
          <label>
            <span>摘要</span>
            <Input.TextArea
              value={draft.summary}
              onChange={(e) => set({ summary: e.target.value })}
              placeholder="不填写时取正文开头"
              aria-label="摘要"
              maxLength={200}
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </label>
          <label>
            <span>标签（最多 {BLOG_TAG_MAX} 个，回车添加）</span>
            <Select
              mode="tags"
              value={draft.tags}
              onChange={(tags: string[]) => set({ tags: tags.slice(0, BLOG_TAG_MAX) })}
              tokenSeparators={[',', '，']}
              aria-label="标签"
              open={false}
              style={{ width: '100%' }}
            />
          </label>
          <div>
            <span>封面</span>
            <ImageUpload value={draft.artPic} onChange={(artPic) => set({ artPic })} label="上传封面" />
          </div>
        </div>
      </main>
    </div>
  );
}
