import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { periodAuditDelete, periodAuditSort, type TChapterAudit, type TPeriodAudit } from '#contract/studio.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { useDragSort } from './drag-sort.ts';
import type { StudioKind } from './studio-kind.ts';

interface Props {
  kind: StudioKind;
  chapter: TChapterAudit;
  index: number;
  /** the chapter's own drag handle and drop target, from the chapter list */
  handle: object;
  target: object;
  dragging: boolean;
  onStep: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  onAddPeriod: () => void;
  onEditPeriod: (period: TPeriodAudit) => void;
  /** what a lesson holds: its video or its document, with their buttons */
  content: (period: TPeriodAudit) => ReactNode;
  onChanged: () => void;
}

function StepButtons({
  onStep,
  first,
  last,
  what,
}: {
  onStep: (by: -1 | 1) => void;
  first: boolean;
  last: boolean;
  what: string;
}) {
  return (
    <span className="qk-studio-steps">
      <Tooltip title="上移">
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={`上移${what}`}
          disabled={first}
          onClick={() => onStep(-1)}
        />
      </Tooltip>
      <Tooltip title="下移">
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label={`下移${what}`}
          disabled={last}
          onClick={() => onStep(1)}
        />
      </Tooltip>
    </span>
  );
}

/** One chapter: its name and marks, and its lessons, which are dragged into order within the chapter. */
export function ChapterCard(p: Props & { last: boolean }) {
  const { kind, chapter, onChanged } = p;
  const { run } = useAction();
  const periods = useDragSort(
    chapter.periodList.map((l) => l.id),
    async (ids) => {
      if (
        (await run(() => api(periodAuditSort, { chapterId: chapter.id, ids }), {
          toast: true,
          success: `${kind.periodNoun}顺序已保存`,
        })) !== undefined
      )
        onChanged();
    },
  );
  const byId = new Map(chapter.periodList.map((l) => [l.id, l]));
  return (
    <section
      className={`qk-studio-chapter${p.dragging ? ' is-dragging' : ''}`}
      aria-label={`章节：${chapter.chapterName}`}
      {...p.target}
    >
      <header className="qk-studio-chapter__head">
        <span
          className="qk-studio-grip"
          title="拖动排序"
          aria-label={`拖动章节「${chapter.chapterName}」`}
          {...p.handle}
        >
          <HolderOutlined />
        </span>
        <strong>
          <span className="qk-muted">第 {p.index + 1} 章</span> {chapter.chapterName}
        </strong>
        {chapter.isFree ? <Tag color="green">免费</Tag> : null}
        <StepButtons onStep={p.onStep} first={p.index === 0} last={p.last} what="章节" />
        <Space size={4} className="qk-studio-chapter__actions">
          <Button size="small" icon={<PlusOutlined />} onClick={p.onAddPeriod}>
            添加{kind.periodNoun}
          </Button>
          <Button size="small" icon={<EditOutlined />} onClick={p.onEdit}>
            修改
          </Button>
          <Popconfirm
            title={`删除本章及其全部${kind.periodNoun}？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={p.onDelete}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </header>
      {chapter.chapterDesc ? <p className="qk-studio-chapter__desc">{chapter.chapterDesc}</p> : null}
      {chapter.periodList.length === 0 ? (
        <p className="qk-muted qk-studio-chapter__empty">本章还没有{kind.periodNoun}。</p>
      ) : (
        <ol className="qk-studio-lessons">
          {periods.order.map((id, i) => {
            const l = byId.get(id)!;
            return (
              <li
                key={id}
                className={`qk-studio-lesson${periods.dragging === id ? ' is-dragging' : ''}`}
                aria-label={`${kind.periodNoun}：${l.periodName}`}
                {...periods.target(id)}
              >
                <span
                  className="qk-studio-grip"
                  title="拖动排序"
                  aria-label={`拖动${kind.periodNoun}「${l.periodName}」`}
                  {...periods.handle(id)}
                >
                  <HolderOutlined />
                </span>
                <span className="qk-studio-lesson__no">{i + 1}</span>
                <span className="qk-studio-lesson__name">
                  <span className="qk-studio-lesson__title">{l.periodName}</span>
                  {l.isFree ? <Tag color="green">免费</Tag> : null}
                </span>
                {p.content(l)}
                <span className="qk-studio-lesson__ops">
                  <StepButtons
                    onStep={(by) => periods.step(id, by)}
                    first={i === 0}
                    last={i === periods.order.length - 1}
                    what={kind.periodNoun}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`修改${kind.periodNoun}「${l.periodName}」`}
                    onClick={() => p.onEditPeriod(l)}
                  />
                  <Popconfirm
                    title={`删除${kind.periodNoun}「${l.periodName}」？`}
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={async () => {
                      if (
                        (await run(() => api(periodAuditDelete, { id }), { toast: true, success: '已删除' })) !==
                        undefined
                      )
                        onChanged();
                    }}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除${kind.periodNoun}「${l.periodName}」`}
                    />
                  </Popconfirm>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
