import type { ComponentType, ReactNode } from 'react';
import {
  ApplyStatus,
  SummaryOrder,
  gradeApplyPage,
  gradeCoursePage,
  gradeInfoShare,
  gradeStudentPage,
  gradeSummary,
  gradeSummaryHistory,
  type TGrade,
} from '#contract/grade.ts';
import { courseAuditList } from '#contract/studio.ts';
import { pageLoad, pageLoadOrNull, type LoaderArgsLike } from '../../lib/session-load.ts';
import { AppliesPanel } from './applies-panel.tsx';
import { CoursesPanel } from './courses-panel.tsx';
import { GradeExamsPanel } from './grade-exams-panel.tsx';
import { ImportPanel } from './import-panel.tsx';
import { MembersPanel } from './members-panel.tsx';
import { SharePanel } from './share-panel.tsx';
import { SummaryPanel } from './summary-panel.tsx';

/**
 * One tab of a class's management view: its label, what its loader reads (from the page address) and its panel.
 * The view shows the tabs of MANAGE_TABS in order; another part of classes adds its panel by adding an entry.
 */
export interface ManageTab {
  key: string;
  label: (g: TGrade) => ReactNode;
  load: (args: LoaderArgsLike, g: TGrade, q: URLSearchParams) => Promise<unknown>;
  render: (g: TGrade, data: unknown) => ReactNode;
}

/** A tab whose loader's data and panel agree on a type. */
export function manageTab<T>(t: {
  key: string;
  label: (g: TGrade) => ReactNode;
  load: (args: LoaderArgsLike, g: TGrade, q: URLSearchParams) => Promise<T>;
  Panel: ComponentType<{ grade: TGrade; data: T }>;
}): ManageTab {
  const { Panel } = t;
  return { key: t.key, label: t.label, load: t.load, render: (g, data) => <Panel grade={g} data={data as T} /> };
}

const pageOf = (q: URLSearchParams) => {
  const n = Number(q.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export const MANAGE_TABS: ManageTab[] = [
  manageTab({
    key: 'members',
    label: (g) => `成员（${g.studentCount}）`,
    load: (args, g, q) =>
      pageLoad(args, gradeStudentPage, {
        gradeId: g.id,
        pageCurrent: pageOf(q),
        pageSize: 20,
        keyword: (q.get('keyword') ?? '').slice(0, 20),
      }),
    Panel: MembersPanel,
  }),
  manageTab({
    key: 'import',
    label: () => '批量导入',
    load: async () => null,
    Panel: ({ grade }) => <ImportPanel grade={grade} />,
  }),
  manageTab({
    key: 'applies',
    label: (g) => (g.pendingApplyCount ? `入班申请（${g.pendingApplyCount}）` : '入班申请'),
    load: async (args, g, q) => {
      const asked = Number(q.get('status'));
      const applyStatus = [1, 2, 3, 4].includes(asked) ? asked : ApplyStatus.PENDING;
      const page = await pageLoad(args, gradeApplyPage, {
        gradeId: g.id,
        applyStatus,
        pageCurrent: pageOf(q),
        pageSize: 20,
      });
      return { ...page, applyStatus };
    },
    Panel: ({ data }) => <AppliesPanel data={data} />,
  }),
  manageTab({
    key: 'courses',
    label: () => '班级课程',
    load: async (args, g) => {
      const [courses, drafts] = await Promise.all([
        pageLoad(args, gradeCoursePage, { gradeId: g.id, pageSize: 100 }),
        // organisations author no courses of their own: the studio refuses them, and they attach none
        pageLoadOrNull(args, courseAuditList, { pageSize: 100 }),
      ]);
      const mine = (drafts?.list ?? [])
        .filter((d) => d.isPublished === 1)
        .map((d) => ({ id: d.id, courseName: d.courseName }));
      return { courses: courses.list, mine };
    },
    Panel: CoursesPanel,
  }),
  manageTab({
    key: 'exams',
    label: () => '班级考试',
    load: async () => null,
    Panel: ({ grade }) => <GradeExamsPanel gradeId={grade.id} />,
  }),
  manageTab({
    key: 'share',
    label: () => '分享与邀请',
    load: (args, g) => pageLoad(args, gradeInfoShare, { id: g.id }),
    Panel: SharePanel,
  }),
  manageTab({
    key: 'summary',
    label: () => '学习统计',
    load: async (args, g, q) => {
      const [summary, history] = await Promise.all([
        pageLoad(args, gradeSummary, {
          gradeId: g.id,
          order: SummaryOrder.RANKED,
          pageCurrent: pageOf(q),
          pageSize: 20,
        }),
        pageLoad(args, gradeSummaryHistory, { gradeId: g.id, days: 30 }),
      ]);
      return { ...summary, history };
    },
    Panel: SummaryPanel,
  }),
];

/** The tab the address asks for, or the first. */
export function tabOf(q: URLSearchParams): ManageTab {
  return MANAGE_TABS.find((t) => t.key === q.get('tab')) ?? MANAGE_TABS[0]!;
}
