import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { Alert, Button, DatePicker, Form, InputNumber, Modal, Radio, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { courseList, courseView } from '#contract/course.ts';
import { liveSessionMine, liveSessionSave, type TLiveSession } from '#contract/live.ts';
import { courseAuditList } from '#contract/studio.ts';
import type { Route } from './+types/index.ts';
import { api } from '../../../api/client.ts';
import { Page } from '../../../components/page.tsx';
import { useAction } from '../../../features/account/use-action.ts';
import { pageLoad, requireLecturer } from '../../../lib/session-load.ts';
import { liveRoomPath, STATUS_COLOR } from '../../../features/live/live-format.ts';
import { CourseTable } from '../../../features/studio/course-table.tsx';
import { LIVE_KIND } from '../../../features/studio/studio-kind.ts';
import '../../../features/studio/studio.css';

export async function loader(args: Route.LoaderArgs) {
  const me = await requireLecturer(args);
  const [mine, courses, drafts] = await Promise.all([
    pageLoad(args, liveSessionMine, { pageCurrent: 1, pageSize: 100 }),
    pageLoad(args, courseList, { courseType: 2, lecturerUserId: me.id, pageCurrent: 1, pageSize: 50 }),
    pageLoad(args, courseAuditList, { courseType: 2, pageCurrent: 1, pageSize: 50 }),
  ]);
  const views = await Promise.all(courses.list.map((c) => pageLoad(args, courseView, { courseId: c.id })));
  const scheduled = new Set(mine.list.map((s) => s.periodId));
  // lessons of my published live courses that have no session yet
  const unscheduled = views.flatMap((v) =>
    v.chapterList.flatMap((ch) =>
      ch.periodList
        .filter((p) => !scheduled.has(p.id))
        .map((p) => ({ periodId: p.id, courseName: v.courseName, periodName: p.periodName })),
    ),
  );
  return { sessions: mine.list, unscheduled, drafts: drafts.list };
}

interface Editing {
  periodId: string;
  title: string;
  beginTime?: string;
  liveDuration?: number;
  playbackSave?: number;
}

/**
 * /account/live — the lecturer's live courses (drafts with their audit, the way to a new one) and live sessions:
 * schedule a lesson, move it, and open its 开播 page.
 */
export default function AccountLive({ loaderData }: Route.ComponentProps) {
  const { sessions, unscheduled, drafts } = loaderData;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [begin, setBegin] = useState<Dayjs | null>(null);
  const [minutes, setMinutes] = useState(60);
  const [keep, setKeep] = useState(1);
  const { run, pending, error } = useAction();
  const revalidator = useRevalidator();
  const open = (e: Editing) => {
    setEditing(e);
    setBegin(e.beginTime ? dayjs(e.beginTime) : dayjs().add(1, 'day').hour(20).minute(0).second(0));
    setMinutes(e.liveDuration ?? 60);
    setKeep(e.playbackSave ?? 1);
  };
  const save = async () => {
    if (!editing) return;
    const ok = await run(
      () =>
        api(liveSessionSave, {
          periodId: editing.periodId,
          beginTime: begin ? begin.format('YYYY-MM-DD HH:mm:ss') : '',
          liveDuration: minutes,
          playbackSave: keep as 1 | 2,
        }),
      { success: '直播时间已保存' },
    );
    if (ok) {
      setEditing(null);
      await revalidator.revalidate();
    }
  };
  return (
    <Page title="直播管理">
      <section className="qk-card" aria-label="我的直播课程">
        <h2 className="qk-card__title">
          <span>我的直播课程</span>
          <Link to="/account/live/add">
            <Button type="primary">新建直播课程</Button>
          </Link>
        </h2>
        {drafts.length ? (
          <CourseTable kind={LIVE_KIND} list={drafts} />
        ) : (
          <p className="qk-muted">还没有直播课程：新建一个，添加直播课时并提交审核，通过后学员即可在直播页看到。</p>
        )}
      </section>
      <section className="qk-card" aria-label="我的直播课时">
        <h2 className="qk-card__title">我的直播课时</h2>
        <Table<TLiveSession>
          rowKey="id"
          dataSource={sessions}
          pagination={false}
          locale={{ emptyText: '还没有安排直播：在下方选择直播课程的课时安排开播时间' }}
          columns={[
            { title: '开播时间', dataIndex: 'beginTime', render: (v: string) => v.slice(0, 16) },
            { title: '课程', dataIndex: 'courseName' },
            { title: '课时', dataIndex: 'periodName' },
            { title: '时长', dataIndex: 'liveDuration', render: (v: number) => `${v} 分钟` },
            {
              title: '状态',
              dataIndex: 'liveStatusText',
              render: (v: string, s) => <Tag color={STATUS_COLOR[s.liveStatus]}>{v}</Tag>,
            },
            {
              title: '操作',
              render: (_: unknown, s) => (
                <>
                  <Link to={`/account/live/period?periodId=${s.periodId}`}>开播</Link>{' '}
                  <Link to={liveRoomPath(s.periodId)}>直播间</Link>{' '}
                  {s.liveStatus === 1 ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => open({ ...s, title: `${s.courseName} · ${s.periodName}` })}
                    >
                      修改时间
                    </Button>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">待安排的课时</h2>
        {unscheduled.length === 0 ? (
          <p className="qk-muted">没有待安排的课时：直播课程的课时都已安排开播时间。</p>
        ) : (
          <ul className="qk-plain-list">
            {unscheduled.map((u) => (
              <li key={u.periodId}>
                {u.courseName} · {u.periodName}{' '}
                <Button
                  size="small"
                  onClick={() => open({ periodId: u.periodId, title: `${u.courseName} · ${u.periodName}` })}
                >
                  安排直播
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Modal
        open={!!editing}
        title={editing?.title}
        okText="保存"
        cancelText="取消"
        confirmLoading={pending}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
      >
        <Form layout="vertical">
          <Form.Item label="开播时间">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={begin} onChange={setBegin} />
          </Form.Item>
          <Form.Item label="时长（分钟）">
            <InputNumber min={5} max={600} value={minutes} onChange={(v) => setMinutes(v ?? 60)} />
          </Form.Item>
          <Form.Item label="直播回放">
            <Radio.Group value={keep} onChange={(e) => setKeep(Number(e.target.value))}>
              <Radio value={1}>保存为回放</Radio>
              <Radio value={2}>不保存</Radio>
            </Radio.Group>
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Modal>
    </Page>
  );
}
