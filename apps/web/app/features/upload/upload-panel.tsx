import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, Progress } from 'antd';
import {
  CaretRightOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownOutlined,
  FolderOpenOutlined,
  PauseOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { showError } from '../../lib/toast.ts';
import { cancelUpload, continueWithFile, dismissUpload, pauseUpload, resumeUpload } from './upload-queue.ts';
import { formatBytes, statusLine } from './upload-format.ts';
import { restoreUploads } from './upload-restore.ts';
import { useUploads, type UploadItem, type UploadStatus } from './upload-store.ts';
import { VIDEO_ACCEPT, videoFileProblem } from './video-check.ts';
import './upload.css';

const OVER: readonly UploadStatus[] = ['done', 'failed', 'cancelled', 'needFile'];
/** How long a finished list stays open, so its 上传完成 can be read before it folds away. */
export const SETTLED_FOLD_MS = 4000;

/** Nothing left to do or to look at: every upload finished or was cancelled (a failure still wants attention). */
export const settled = (uploads: readonly UploadItem[]): boolean =>
  uploads.length > 0 && uploads.every((u) => u.status === 'done' || u.status === 'cancelled');

/**
 * The account area's upload list, fixed at the bottom right: every file's progress, speed and time left, with
 * pause, resume and cancel; uploads from before a reload ask for their file again. Once every upload has finished
 * the list folds to its title bar (it sat over the page's content), and the title bar's close button clears it;
 * a new upload opens it again.
 */
export function UploadPanel({ lecturer }: { lecturer: boolean }) {
  const { uploads } = useUploads();
  const [open, setOpen] = useState(true);
  const active = uploads.filter((u) => !OVER.includes(u.status)).length;
  const done = settled(uploads);
  const wasActive = useRef(active);

  useEffect(() => restoreUploads(lecturer), [lecturer]);
  useEffect(() => {
    if (active > wasActive.current) setOpen(true);
    wasActive.current = active;
  }, [active]);
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => setOpen(false), SETTLED_FOLD_MS);
    return () => clearTimeout(t);
  }, [done]);

  if (!uploads.length) return null;
  const finished = uploads.filter((u) => u.status === 'done').length;
  return (
    <aside className="qk-uploads" aria-label="上传列表">
      <header className="qk-uploads__head">
        <strong>
          {active
            ? `上传列表（${active} 个进行中）`
            : done && finished
              ? `上传列表（${finished} 个已完成）`
              : '上传列表'}
        </strong>
        <span>
          <Button
            type="text"
            size="small"
            icon={open ? <DownOutlined /> : <UpOutlined />}
            onClick={() => setOpen(!open)}
            aria-label={open ? '收起上传列表' : '展开上传列表'}
          />
          {done ? (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              onClick={() => uploads.forEach((u) => dismissUpload(u.key))}
              aria-label="关闭上传列表"
            />
          ) : null}
        </span>
      </header>
      {open && (
        <ul className="qk-uploads__list">
          {uploads.map((u) => (
            <UploadRow key={u.key} item={u} />
          ))}
        </ul>
      )}
    </aside>
  );
}

const PROGRESS_STATUS: Partial<Record<UploadStatus, 'active' | 'exception' | 'success'>> = {
  uploading: 'active',
  hashing: 'active',
  failed: 'exception',
  done: 'success',
};

function UploadRow({ item: u }: { item: UploadItem }) {
  const input = useRef<HTMLInputElement>(null);
  function chosen(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = videoFileProblem(file) ?? continueWithFile(u.key, file);
    if (problem) showError(problem);
  }
  const act = (label: string, icon: ReactNode, onClick: () => void) => (
    <Button
      type="text"
      size="small"
      icon={icon}
      title={label}
      aria-label={`${label}「${u.fileName}」`}
      onClick={onClick}
    />
  );
  return (
    <li className={`qk-uploads__item is-${u.status}`}>
      <div className="qk-uploads__name" title={u.fileName}>
        {u.fileName}
      </div>
      <div className="qk-uploads__meta">
        {formatBytes(u.size)}
        {u.target && ` · 课时：${u.target.periodName}`}
      </div>
      <Progress
        percent={u.percent}
        size="small"
        status={PROGRESS_STATUS[u.status] ?? 'normal'}
        showInfo={u.status !== 'hashing'}
      />
      <div className="qk-uploads__foot">
        <span className="qk-uploads__status" role="status">
          {statusLine(u)}
        </span>
        <span className="qk-uploads__actions">
          {u.status === 'needFile' && (
            <>
              <input
                ref={input}
                type="file"
                accept={VIDEO_ACCEPT}
                hidden
                aria-label={`重新选择「${u.fileName}」`}
                onChange={(e) => chosen(e.target.files?.[0])}
              />
              <Button
                size="small"
                type="primary"
                ghost
                icon={<FolderOpenOutlined />}
                onClick={() => input.current?.click()}
              >
                继续上传
              </Button>
            </>
          )}
          {['hashing', 'waiting', 'uploading', 'offline'].includes(u.status) &&
            act('暂停', <PauseOutlined />, () => pauseUpload(u.key))}
          {['paused', 'failed'].includes(u.status) && act('继续', <CaretRightOutlined />, () => resumeUpload(u.key))}
          {!['done', 'cancelled'].includes(u.status) && act('取消', <CloseOutlined />, () => cancelUpload(u.key))}
          {['done', 'cancelled'].includes(u.status) && act('移除', <DeleteOutlined />, () => dismissUpload(u.key))}
        </span>
      </div>
    </li>
  );
}
