import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { courseVideoList } from '#contract/studio-files.ts';
import { VideoStatus, type TVodVideo } from '#contract/vod.ts';
import { api } from '../../api/client.ts';

const minutes = (sec: number) => `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;

/**
 * Picks a problem's explanation video from the lecturer's own video library (the one the course studio uploads
 * to); only videos that have finished transcoding can be chosen. A Form.Item control: value is the video id.
 */
export function VideoSelect({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  const [videos, setVideos] = useState<TVodVideo[] | null>(null);
  useEffect(() => {
    let live = true;
    api(courseVideoList, { pageCurrent: 1, pageSize: 100 }).then(
      (page) => live && setVideos(page.list),
      () => live && setVideos([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const known = videos?.some((v) => v.id === value);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={videos === null}
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v)}
      placeholder={videos?.length === 0 ? '视频库中还没有视频（在课程管理中上传）' : '选择讲解视频（可不选）'}
      style={{ width: 420 }}
      aria-label="讲解视频"
      options={[
        ...(value && videos && !known ? [{ value, label: '已关联的视频', disabled: false }] : []),
        ...(videos ?? []).map((v) => ({
          value: v.id,
          label:
            v.status === VideoStatus.ready
              ? `${v.videoName}（${minutes(v.durationSec)}）`
              : `${v.videoName}（${v.statusName}）`,
          disabled: v.status !== VideoStatus.ready,
        })),
      ]}
    />
  );
}
