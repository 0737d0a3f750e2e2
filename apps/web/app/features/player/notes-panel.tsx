import { useEffect, useState } from 'react';
import { noteLogDelete, noteLogPage, noteLogSave, type TNoteLog } from '#contract/study.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { showSuccess } from '../../lib/toast.ts';
import { clock } from '../course/course-format.ts';

interface Props {
  periodId: string;
  /** the second the viewer is at now (0 for a document) */
  now: () => number;
  /** jumps the video to a note's second; absent for a document lesson */
  seek?: (sec: number) => void;
}

/** A failure this panel shows inline (the toast claimed); null when the login page is on its way. */
const failed = (err: unknown): string | null => inlineMessage(err, '操作失败，请稍后再试');

/** Notes of this lesson: write one at the current second, click one to go back to that second. */
export function NotesPanel({ periodId, now, seek }: Props) {
  const [notes, setNotes] = useState<TNoteLog[] | null>(null);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let dead = false;
    setNotes(null);
    api(noteLogPage, { periodId, pageCurrent: 1, pageSize: 100 })
      .then((p) => dead || setNotes(p.list))
      .catch((err) => dead || (setNotes([]), setError(failed(err))));
    return () => {
      dead = true;
    };
  }, [periodId]);

  async function save() {
    if (!text.trim()) return setError('请填写笔记内容');
    setPending(true);
    setError(null);
    try {
      const note = await api(noteLogSave, { periodId, position: Math.floor(now()), content: text });
      setNotes([note, ...(notes ?? [])].sort((a, b) => a.position - b.position));
      setText('');
      showSuccess('笔记已保存');
    } catch (err) {
      setError(failed(err));
    } finally {
      setPending(false);
    }
  }

  async function remove(note: TNoteLog) {
    try {
      await api(noteLogDelete, { id: note.id });
      setNotes((notes ?? []).filter((n) => n.id !== note.id));
    } catch {
      // the response handler has shown the refusal or gone to the login page
    }
  }

  const sorted = [...(notes ?? [])].sort((a, b) => a.position - b.position);
  return (
    <div className="qk-notes">
      <div className="qk-notes__form">
        <textarea
          value={text}
          rows={3}
          maxLength={2000}
          placeholder={seek ? '记下此刻的要点，笔记会记住视频的时间' : '记下这一课的要点'}
          aria-label="笔记内容"
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
        />
        <div className="qk-notes__foot">
          {error ? (
            <span className="qk-form-error" role="alert">
              {error}
            </span>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="qk-button qk-button--primary qk-button--small"
            disabled={pending}
            onClick={() => void save()}
          >
            {seek ? '记笔记' : '保存笔记'}
          </button>
        </div>
      </div>
      {notes === null ? (
        <p className="qk-muted">笔记加载中…</p>
      ) : sorted.length === 0 ? (
        <p className="qk-muted qk-notes__empty">这一课还没有笔记。</p>
      ) : (
        <ul className="qk-notes__list" aria-label="本课时笔记">
          {sorted.map((n) => (
            <li key={n.id}>
              {seek ? (
                <button type="button" className="qk-notes__time" title="跳到这个时间" onClick={() => seek(n.position)}>
                  {clock(n.position) || '00:00'}
                </button>
              ) : null}
              <p className="qk-pre">{n.content}</p>
              <button type="button" className="qk-link-button" aria-label="删除笔记" onClick={() => void remove(n)}>
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
