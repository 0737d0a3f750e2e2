import { Alert, Button, Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { courseVideoList, periodVideoSave } from '#contract/studio-files.ts';
import { VideoStatus, type TVodVideo } from '#contract/vod.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { clock, fileSize } from '../course/course-format.ts';
import { SearchInput } from './search-input.tsx';
import { VIDEO_COLOR, videoStatusName } from './studio-format.ts';

const PAGE_SIZE = 8;

/** One of the lecturer's uploaded videos for a lesson: the library, newest first, searchable by name. */
export function VideoPicker({
  periodDraft,
  onClose,
}: {
  periodDraft: { id: string; periodName: string } | null;
  onClose: (picked: boolean) => void;
}) {
  const [page, setPage] = useState<CallData<typeof courseVideoList> | null>(null);
  const [query, setQuery] = useState({ videoName: '', pageCurrent: 1 });
  const list = useAction();
  const pick = useAction();
  const { run } = list;
  useEffect(() => {
    if (!periodDraft) return;
    void run(() => api(courseVideoList, { ...query, pageSize: PAGE_SIZE })).then((p) => p && setPage(p));
  }, [periodDraft, query, run]);

  async function use(v: TVodVideo) {
    if (!periodDraft) return;
    const done = await pick.run(() => api(periodVideoSave, { periodId: periodDraft.id, videoId: v.id }), {
      success: `已为「${periodDraft.periodName}」选用视频`,
    });
    if (done) onClose(true);
  }

  return (
    <Modal
      open={periodDraft !== null}
      title={`选择视频：${periodDraft?.periodName ?? ''}`}
      footer={null}
      width={760}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <div style={{ marginBottom: 12 }}>
        <SearchInput
          placeholder="搜索视频名称"
          initial=""
          maxLength={100}
          onSearch={(v) => setQuery({ videoName: v, pageCurrent: 1 })}
        />
      </div>
      {list.error || pick.error ? (
        <Alert type="error" showIcon title={list.error ?? pick.error} style={{ marginBottom: 12 }} />
      ) : null}
      <Table<TVodVideo>
        rowKey="id"
        size="small"
        loading={list.pending || pick.pending}
        dataSource={page?.list ?? []}
        locale={{ emptyText: query.videoName ? '没有符合条件的视频' : '还没有上传过视频：在课时中点「上传视频」' }}
        pagination={{
          current: page?.pageCurrent ?? 1,
          pageSize: PAGE_SIZE,
          total: page?.totalCount ?? 0,
          showSizeChanger: false,
          onChange: (n) => setQuery((q) => ({ ...q, pageCurrent: n })),
        }}
        columns={[
          { title: '视频', dataIndex: 'videoName', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 110,
            render: (s: number, v) => (
              <Tag color={VIDEO_COLOR[s]} title={v.failReason || undefined}>
                {videoStatusName(s)}
              </Tag>
            ),
          },
          { title: '时长', dataIndex: 'durationSec', width: 80, render: (d: number) => clock(d) || '—' },
          { title: '大小', dataIndex: 'sizeBytes', width: 90, render: (b: number) => fileSize(b) },
          { title: '上传时间', dataIndex: 'gmtCreate', width: 140, render: (t: string) => t.slice(0, 16) },
          {
            title: '',
            key: 'op',
            width: 70,
            render: (_: unknown, v) => (
              <Button
                size="small"
                type="primary"
                disabled={v.status === VideoStatus.failed}
                onClick={() => void use(v)}
              >
                选用
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
