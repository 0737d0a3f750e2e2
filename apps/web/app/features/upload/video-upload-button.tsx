import { type JSX, useEffect, useRef } from 'react';
import { Button } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import type { TVodVideo } from '#contract/vod.ts';
import { showError } from '../../lib/toast.ts';
import { onUploadDone, startUpload } from './upload-queue.ts';
import { VIDEO_ACCEPT, videoFileProblem } from './video-check.ts';

export { usePeriodUpload } from './upload-store.ts';

/**
 * 「上传视频」 for one lesson draft: the chosen file is checked (type, size) before anything is sent, then handed
 * to the account layout's uploader, which keeps going while the lecturer moves between pages and links the video
 * to the lesson when it is in. `onDone` runs if this button is still on the page then.
 */
export function VideoUploadButton(props: {
  periodId: string;
  periodName: string;
  onDone?: (video: TVodVideo) => void;
  disabled?: boolean;
}): JSX.Element {
  const { periodId, periodName, onDone, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(
    () => onUploadDone((item, video) => item.target?.periodId === periodId && done.current?.(video)),
    [periodId],
  );

  function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = videoFileProblem(file);
    if (problem) return showError(problem);
    startUpload(file, { periodId, periodName });
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={VIDEO_ACCEPT}
        hidden
        aria-label={`为「${periodName}」选择视频`}
        onChange={(e) => pick(e.target.files?.[0])}
      />
      <Button size="small" icon={<CloudUploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        上传视频
      </Button>
    </>
  );
}
