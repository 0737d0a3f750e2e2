import { Button, Popconfirm, Progress, Space, Tag, Tooltip } from 'antd';
import { type TPeriodAudit } from '#contract/studio.ts';
import { periodVideoSave } from '#contract/studio-files.ts';
import { VideoStatus } from '#contract/vod.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { clock } from '../course/course-format.ts';
import { usePeriodUpload, VideoUploadButton } from '../upload/video-upload-button.tsx';
import type { UploadStatus } from '../upload/upload-store.ts';
import { VIDEO_COLOR, videoStatusName } from './studio-format.ts';

const UPLOAD_TEXT: Partial<Record<UploadStatus, string>> = {
  hashing: '读取文件',
  waiting: '等待上传',
  uploading: '上传中',
  paused: '上传已暂停',
  offline: '网络断开，恢复后继续',
  needFile: '请重新选择该文件继续上传',
  failed: '上传失败',
};

/** The lesson's video as it stands: an upload under way, else the transcoding state of the video it shows. */
function VideoState({ period, failReason }: { period: TPeriodAudit; failReason: string }) {
  const upload = usePeriodUpload(period.id);
  const text = upload ? UPLOAD_TEXT[upload.status] : undefined;
  if (upload && text) {
    return (
      <span className="qk-studio-upload" aria-label={`上传进度 ${upload.percent}%`}>
        <Progress
          percent={upload.percent}
          size="small"
          status={upload.status === 'failed' ? 'exception' : 'active'}
          style={{ width: 120 }}
        />
        <span className="qk-muted">{text}</span>
      </span>
    );
  }
  if (!period.videoId) return <span className="qk-muted">未上传视频</span>;
  const failed = period.videoStatus === VideoStatus.failed;
  return (
    <span className="qk-studio-video">
      <Tag color={VIDEO_COLOR[period.videoStatus]}>{videoStatusName(period.videoStatus)}</Tag>
      <span className="qk-studio-video__name" title={period.videoName}>
        {period.videoName}
      </span>
      {period.videoStatus === VideoStatus.ready && period.videoDuration ? (
        <span className="qk-muted">{clock(period.videoDuration)}</span>
      ) : null}
      {failed && failReason ? <span className="qk-studio-video__fail">原因：{failReason}</span> : null}
    </span>
  );
}

/** A video lesson's content: its state, 上传视频, 选择已上传的视频, 移除. */
export function PeriodVideo(props: {
  periodDraft: TPeriodAudit;
  failReason: string;
  onPick: () => void;
  onChanged: () => void;
}) {
  const { periodDraft, failReason, onPick, onChanged } = props;
  const { run, pending } = useAction();
  const upload = usePeriodUpload(periodDraft.id);
  const busy = Boolean(upload && upload.status !== 'done' && upload.status !== 'failed');
  return (
    <div className="qk-studio-lesson__content">
      <VideoState period={periodDraft} failReason={failReason} />
      <Space size={4} wrap>
        <VideoUploadButton
          periodId={periodDraft.id}
          periodName={periodDraft.periodName}
          disabled={busy}
          onDone={onChanged}
        />
        <Button size="small" onClick={onPick} disabled={busy}>
          选择视频
        </Button>
        {periodDraft.videoId ? (
          <Popconfirm
            title="从课时中移除这个视频？视频仍保留在视频库中"
            okText="移除"
            cancelText="取消"
            onConfirm={async () => {
              if (
                (await run(() => api(periodVideoSave, { periodId: periodDraft.id, videoId: '' }), {
                  toast: true,
                  success: '已移除视频',
                })) !== undefined
              )
                onChanged();
            }}
          >
            <Tooltip title="移除视频">
              <Button size="small" type="text" loading={pending} disabled={busy}>
                移除
              </Button>
            </Tooltip>
          </Popconfirm>
        ) : null}
      </Space>
    </div>
  );
}
