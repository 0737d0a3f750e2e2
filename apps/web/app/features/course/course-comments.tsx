import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import {
  courseCommentDelete,
  courseCommentList,
  courseCommentListPublic,
  courseCommentSave,
  type TCourseComment,
} from '#contract/course-learn.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';
import { showSuccess } from '../../lib/toast.ts';
import { COMMENT_PAGE_SIZE } from './course-detail.ts';

type Page = CallData<typeof courseCommentList>;

/** A failure this panel shows inline (the toast claimed); null when the login page is on its way. */
const failed = (err: unknown): string | null => inlineMessage(err, '操作失败，请稍后再试');

function CommentItem({ c, onDelete }: { c: TCourseComment; onDelete: (c: TCourseComment) => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="qk-comment">
      {c.headImgUrl ? (
        <img className="qk-comment__avatar" src={c.headImgUrl} alt="" />
      ) : (
        <span className="qk-comment__avatar">{(c.nickname || '学').slice(0, 1)}</span>
      )}
      <div className="qk-comment__body">
        <div className="qk-comment__head">
          <strong>{c.nickname || '学员'}</strong>
          <span className="qk-muted">{c.gmtCreate.slice(0, 16)}</span>
        </div>
        <p className="qk-pre">{c.commentText}</p>
        {c.canDelete === 1 ? (
          confirming ? (
            <span className="qk-comment__confirm">
              确定删除这条评论？
              <button type="button" className="qk-link-button is-danger" onClick={() => void onDelete(c)}>
                删除
              </button>
              <button type="button" className="qk-link-button" onClick={() => setConfirming(false)}>
                取消
              </button>
            </span>
          ) : (
            <button type="button" className="qk-link-button" onClick={() => setConfirming(true)}>
              删除
            </button>
          )
        ) : null}
      </div>
    </li>
  );
}

/** The course's comments: newest first, more on request; signed-in readers write and delete their own. */
interface Props {
  courseId: string;
  initial: Page;
  viewer: boolean;
  detailPath: string;
  /** previews list the comments without the form */
  readOnly?: boolean;
  /** the count changed (a comment written or deleted): the page's tab shows it */
  onTotal?: (total: number) => void;
}

export function CourseComments({ courseId, initial, viewer, detailPath, readOnly = false, onTotal }: Props) {
  const signedIn = Boolean(useRootData()?.user);
  const [list, setList] = useState(initial.list);
  const [total, setTotalState] = useState(initial.totalCount);
  const setTotal = (n: number) => {
    setTotalState(n);
    onTotal?.(n);
  };
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!text.trim()) return setError('请填写评论内容');
    setPending(true);
    setError(null);
    try {
      const saved = await api(courseCommentSave, { courseId, commentText: text });
      setList([saved, ...list]);
      setTotal(total + 1);
      setText('');
      showSuccess('评论已发表');
    } catch (err) {
      setError(failed(err));
    } finally {
      setPending(false);
    }
  }

  async function remove(c: TCourseComment) {
    try {
      await api(courseCommentDelete, { id: c.id });
      setList(list.filter((x) => x.id !== c.id));
      setTotal(total - 1);
      showSuccess('评论已删除');
    } catch {
      // the response handler has shown the refusal or gone to the login page
    }
  }

  async function more() {
    try {
      const next = await api(viewer ? courseCommentList : courseCommentListPublic, {
        courseId,
        pageCurrent: page + 1,
        pageSize: COMMENT_PAGE_SIZE,
      });
      const seen = new Set(list.map((c) => c.id));
      setList([...list, ...next.list.filter((c) => !seen.has(c.id))]);
      setPage(page + 1);
      setTotal(next.totalCount);
    } catch {
      // the response handler has shown the refusal or gone to the login page
    }
  }

  return (
    <div className="qk-comments">
      {readOnly ? null : signedIn ? (
        <div className="qk-comment-form">
          <textarea
            value={text}
            maxLength={500}
            rows={3}
            placeholder="说说你对这门课的看法，或提出你的问题"
            aria-label="评论内容"
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
          />
          <div className="qk-comment-form__foot">
            {error ? (
              <span className="qk-form-error" role="alert">
                {error}
              </span>
            ) : (
              <span className="qk-muted">{text.length}/500</span>
            )}
            <button
              type="button"
              className="qk-button qk-button--primary"
              disabled={pending}
              onClick={() => void submit()}
            >
              发表评论
            </button>
          </div>
        </div>
      ) : (
        <p className="qk-comment-login">
          <a className="qk-inline-link" href={loginUrl(`${detailPath}#comments`)}>
            登录
          </a>
          后参与评论
        </p>
      )}
      {list.length === 0 ? (
        <p className="qk-muted qk-comments__empty">还没有评论，来说第一句吧。</p>
      ) : (
        <ul className="qk-comments__list">
          {list.map((c) => (
            <CommentItem key={c.id} c={readOnly ? { ...c, canDelete: 0 } : c} onDelete={remove} />
          ))}
        </ul>
      )}
      {list.length < total ? (
        <button type="button" className="qk-more" onClick={() => void more()}>
          查看更多评论（共 {total} 条）
        </button>
      ) : null}
    </div>
  );
}
