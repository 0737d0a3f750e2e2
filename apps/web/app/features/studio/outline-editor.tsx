import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import {
  chapterAuditDelete,
  chapterAuditSave,
  chapterAuditSort,
  chapterAuditUpdate,
  periodAuditSave,
  periodAuditUpdate,
  type TChapterAudit,
  type TPeriodAudit,
} from '#contract/studio.ts';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/page.tsx';
import { useAction } from '../account/use-action.ts';
import { ChapterCard } from './chapter-card.tsx';
import { useDragSort } from './drag-sort.ts';
import { ItemModal, type ItemModalState } from './item-modal.tsx';
import { PeriodDoc } from './period-doc.tsx';
import { PeriodVideo } from './period-video.tsx';
import type { StudioKind } from './studio-kind.ts';
import { VideoPicker } from './video-picker.tsx';

interface Props {
  kind: StudioKind;
  courseId: string;
  chapters: TChapterAudit[];
  /** why a lesson's video failed to transcode, by lesson id */
  failReasons: Record<string, string>;
  /** the name of a lesson's document, by lesson id */
  docs: Record<string, string>;
  onChanged: () => void;
}

const itemOf = (name: string, desc: string, isFree: number) => ({ name, desc, isFree: isFree === 1 });

/** Chapters and lessons of a draft: add, rename, delete, drag into order, and each lesson's video or document. */
export function OutlineEditor({ kind, courseId, chapters, failReasons, docs, onChanged }: Props) {
  const [modal, setModal] = useState<ItemModalState | null>(null);
  const [picking, setPicking] = useState<TPeriodAudit | null>(null);
  const { run } = useAction();
  const sorted = useDragSort(
    chapters.map((c) => c.id),
    async (ids) => {
      if (
        (await run(() => api(chapterAuditSort, { courseId, ids }), { toast: true, success: '章节顺序已保存' })) !==
        undefined
      )
        onChanged();
    },
  );
  const byId = new Map(chapters.map((c) => [c.id, c]));

  const addChapter = () =>
    setModal({
      noun: '章节',
      initial: null,
      save: (v) => api(chapterAuditSave, { courseId, chapterName: v.name, chapterDesc: v.desc, isFree: v.isFree }),
    });
  const content = (l: TPeriodAudit) =>
    kind.content === 'video' ? (
      <PeriodVideo
        periodDraft={l}
        failReason={failReasons[l.id] ?? ''}
        onPick={() => setPicking(l)}
        onChanged={onChanged}
      />
    ) : (
      <PeriodDoc period={l} docName={docs[l.id] ?? ''} onChanged={onChanged} />
    );

  return (
    <>
      {chapters.length === 0 ? (
        <EmptyState text={`还没有章节：先添加一章，再在章里添加${kind.periodNoun}`}>
          <Button type="primary" icon={<PlusOutlined />} onClick={addChapter}>
            添加章节
          </Button>
        </EmptyState>
      ) : (
        <div className="qk-studio-outline">
          {sorted.order.map((id, i) => {
            const ch = byId.get(id)!;
            return (
              <ChapterCard
                key={id}
                kind={kind}
                chapter={ch}
                index={i}
                last={i === sorted.order.length - 1}
                handle={sorted.handle(id)}
                target={sorted.target(id)}
                dragging={sorted.dragging === id}
                onStep={(by) => sorted.step(id, by)}
                onEdit={() =>
                  setModal({
                    noun: '章节',
                    initial: itemOf(ch.chapterName, ch.chapterDesc, ch.isFree),
                    save: (v) =>
                      api(chapterAuditUpdate, { id, chapterName: v.name, chapterDesc: v.desc, isFree: v.isFree }),
                  })
                }
                onDelete={async () => {
                  if (
                    (await run(() => api(chapterAuditDelete, { id }), { toast: true, success: '已删除章节' })) !==
                    undefined
                  )
                    onChanged();
                }}
                onAddPeriod={() =>
                  setModal({
                    noun: kind.periodNoun,
                    initial: null,
                    save: (v) =>
                      api(periodAuditSave, { chapterId: id, periodName: v.name, periodDesc: v.desc, isFree: v.isFree }),
                  })
                }
                onEditPeriod={(l) =>
                  setModal({
                    noun: kind.periodNoun,
                    initial: itemOf(l.periodName, l.periodDesc, l.isFree),
                    save: (v) =>
                      api(periodAuditUpdate, { id: l.id, periodName: v.name, periodDesc: v.desc, isFree: v.isFree }),
                  })
                }
                content={content}
                onChanged={onChanged}
              />
            );
          })}
          <Button icon={<PlusOutlined />} onClick={addChapter} block type="dashed">
            添加章节
          </Button>
        </div>
      )}
      <ItemModal
        state={modal}
        onClose={(saved) => {
          setModal(null);
          if (saved) onChanged();
        }}
      />
      <VideoPicker
        periodDraft={picking}
        onClose={(picked) => {
          setPicking(null);
          if (picked) onChanged();
        }}
      />
    </>
  );
}
