import type { z } from 'zod';
import { formatMoney } from '#contract/money.ts';
import type { FieldChange, ItemChange } from '#contract/studio-admin.ts';

type TFieldChange = z.output<typeof FieldChange>;
type TItemChange = z.output<typeof ItemChange>;

const yuan = (fen: unknown) => formatMoney(Number(fen));
const yesNo = (v: unknown) => (Number(v) === 1 ? '是' : '否');
/** Long texts are compared whole but shown shortened; the administrator opens the preview for the full text. */
const short = (v: unknown) => {
  const s = String(v ?? '');
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

interface Field<T> {
  field: keyof T & string;
  label: string;
  show?: (v: unknown) => string;
}

function compare<T extends Record<string, unknown>>(fields: Field<T>[], before: T, after: T): TFieldChange[] {
  const out: TFieldChange[] = [];
  for (const f of fields) {
    const a = before[f.field];
    const b = after[f.field];
    if (String(a ?? '') === String(b ?? '')) continue;
    const show = f.show ?? ((v: unknown) => String(v ?? ''));
    out.push({ field: f.field, label: f.label, before: show(a), after: show(b) });
  }
  return out;
}

export interface CourseFacts extends Record<string, unknown> {
  courseName: string;
  courseType: number;
  categoryId: bigint;
  courseLogo: string;
  introduce: string;
  isFree: number;
  rulingPrice: number;
  coursePrice: number;
  isVipFree: number;
  speedDouble: number;
  speedDrag: number;
}
export interface ChapterFacts extends Record<string, unknown> {
  id: bigint;
  chapterName: string;
  chapterDesc: string;
  isFree: number;
}
export interface AccessoryFacts extends Record<string, unknown> {
  id: bigint;
  accessoryName: string;
  storageKey: string;
}
export interface PeriodFacts extends Record<string, unknown> {
  id: bigint;
  chapterId: bigint;
  periodName: string;
  periodDesc: string;
  isFree: number;
  videoId: bigint | null;
  docKey: string | null;
  docName: string;
}

export interface PicFacts extends Record<string, unknown> {
  id: bigint;
  chapterId: bigint;
  periodId: bigint | null;
  picName: string;
  picUrl: string;
}
interface OutlineFacts {
  chapters: ChapterFacts[];
  periods: PeriodFacts[];
  accessories: AccessoryFacts[];
  pics: PicFacts[];
}

const COURSE_FIELDS: Field<CourseFacts>[] = [
  { field: 'courseName', label: '课程名称' },
  {
    field: 'courseType',
    label: '课程类型',
    show: (v) => ({ 1: '录播', 3: '资源', 4: '文库' })[Number(v)] ?? String(v),
  },
  { field: 'categoryId', label: '课程分类' },
  { field: 'courseLogo', label: '课程封面' },
  { field: 'introduce', label: '课程介绍', show: short },
  { field: 'isFree', label: '免费', show: yesNo },
  { field: 'rulingPrice', label: '划线价', show: yuan },
  { field: 'coursePrice', label: '课程价格', show: yuan },
  { field: 'isVipFree', label: '会员免费', show: yesNo },
  { field: 'speedDouble', label: '允许倍速', show: yesNo },
  { field: 'speedDrag', label: '允许拖动', show: yesNo },
];
const CHAPTER_FIELDS: Field<ChapterFacts>[] = [
  { field: 'chapterName', label: '章节名称' },
  { field: 'chapterDesc', label: '章节简介', show: short },
  { field: 'isFree', label: '免费', show: yesNo },
];

/** The course fields an approval would change on the published course (none when it was never published). */
export function courseChanges(published: CourseFacts | undefined, draft: CourseFacts): TFieldChange[] {
  return published ? compare(COURSE_FIELDS, published, draft) : [];
}

/** Chapters and lessons the approval would add, retire or change, in the draft's order, removed ones last. */
export function outlineChanges(published: OutlineFacts, draft: OutlineFacts): TItemChange[] {
  const out: TItemChange[] = [];
  const chapterName = new Map<bigint, string>(
    [...published.chapters, ...draft.chapters].map((c) => [c.id, c.chapterName]),
  );
  const docName = new Map<string, string>(
    [...published.periods, ...draft.periods].flatMap((p) => (p.docKey ? [[p.docKey, p.docName]] : [])),
  );
  const periodFields: Field<PeriodFacts>[] = [
    { field: 'periodName', label: '课时名称' },
    { field: 'periodDesc', label: '课时简介', show: short },
    { field: 'isFree', label: '免费', show: yesNo },
    { field: 'chapterId', label: '所属章节', show: (v) => chapterName.get(v as bigint) ?? '' },
    { field: 'videoId', label: '视频', show: (v) => (v ? `视频 ${String(v)}` : '无') },
    { field: 'docKey', label: '文档', show: (v) => (v ? (docName.get(String(v)) ?? '文档') : '无') },
  ];
  const oldChapters = new Map(published.chapters.map((c) => [c.id, c]));
  const newChapterIds = new Set(draft.chapters.map((c) => c.id));
  for (const c of draft.chapters) {
    const old = oldChapters.get(c.id);
    const fields = old ? compare(CHAPTER_FIELDS, old, c) : [];
    if (!old || fields.length)
      out.push({
        kind: 'chapter',
        change: old ? 'changed' : 'added',
        id: String(c.id),
        name: c.chapterName,
        chapterName: c.chapterName,
        fields,
      });
  }
  const oldPeriods = new Map(published.periods.map((p) => [p.id, p]));
  const newPeriodIds = new Set(draft.periods.map((p) => p.id));
  for (const p of draft.periods) {
    const old = oldPeriods.get(p.id);
    const fields = old ? compare(periodFields, old, p) : [];
    if (!old || fields.length) {
      out.push({
        kind: 'period',
        change: old ? 'changed' : 'added',
        id: String(p.id),
        name: p.periodName,
        chapterName: chapterName.get(p.chapterId) ?? '',
        fields,
      });
    }
  }
  for (const c of published.chapters) {
    if (!newChapterIds.has(c.id))
      out.push({
        kind: 'chapter',
        change: 'removed',
        id: String(c.id),
        name: c.chapterName,
        chapterName: c.chapterName,
        fields: [],
      });
  }
  for (const p of published.periods) {
    if (!newPeriodIds.has(p.id)) {
      out.push({
        kind: 'period',
        change: 'removed',
        id: String(p.id),
        name: p.periodName,
        chapterName: chapterName.get(p.chapterId) ?? '',
        fields: [],
      });
    }
  }
  const oldFiles = new Set(published.accessories.map((a) => a.id));
  const newFiles = new Set(draft.accessories.map((a) => a.id));
  for (const a of draft.accessories) {
    if (!oldFiles.has(a.id))
      out.push({
        kind: 'accessory',
        change: 'added',
        id: String(a.id),
        name: a.accessoryName,
        chapterName: '',
        fields: [],
      });
  }
  for (const a of published.accessories) {
    if (!newFiles.has(a.id))
      out.push({
        kind: 'accessory',
        change: 'removed',
        id: String(a.id),
        name: a.accessoryName,
        chapterName: '',
        fields: [],
      });
  }
  out.push(...picChanges(published, draft, chapterName));
  return out;
}

/** Pictures added or removed; a picture is named by its own name, else by the lesson or chapter it belongs to. */
function picChanges(published: OutlineFacts, draft: OutlineFacts, chapterName: Map<bigint, string>): TItemChange[] {
  const periodName = new Map<bigint, string>([...published.periods, ...draft.periods].map((p) => [p.id, p.periodName]));
  const item = (p: PicFacts, change: 'added' | 'removed'): TItemChange => ({
    kind: 'pic',
    change,
    id: String(p.id),
    name: p.picName || `${p.periodId ? `课时“${periodName.get(p.periodId) ?? ''}”` : '章节'}的图片`,
    chapterName: chapterName.get(p.chapterId) ?? '',
    fields: [
      {
        field: 'picUrl',
        label: '图片',
        before: change === 'removed' ? p.picUrl : '',
        after: change === 'added' ? p.picUrl : '',
      },
    ],
  });
  const oldPics = new Set(published.pics.map((p) => p.id));
  const newPics = new Set(draft.pics.map((p) => p.id));
  return [
    ...draft.pics.filter((p) => !oldPics.has(p.id)).map((p) => item(p, 'added')),
    ...published.pics.filter((p) => !newPics.has(p.id)).map((p) => item(p, 'removed')),
  ];
}
