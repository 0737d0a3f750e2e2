import { Alert, Button, Card, Descriptions, Popconfirm, Tag } from 'antd';
import { redirect, useRevalidator } from 'react-router';
import { categoryListForSite, categoryTypeOfCourse } from '#contract/course.ts';
import { courseAuditChanges } from '#contract/studio-admin.ts';
import { courseAuditSubmit, courseAuditView, CourseAuditStatus } from '#contract/studio.ts';
import type { Route } from './+types/check.ts';
import { api } from '../../../api/client.ts';
import { Page } from '../../../components/page.tsx';
import { useAction } from '../../../features/account/use-action.ts';
import { AuditChanges, categoryNamesOf } from '../../../features/studio/audit-changes.tsx';
import { CourseHead } from '../../../features/studio/course-head.tsx';
import { canSubmit } from '../../../features/studio/course-table.tsx';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { AUDIT_COLOR } from '../../../features/studio/studio-format.ts';
import { idParam } from '../../../features/studio/studio-kind.ts';
import { missingDraft, studioLoad } from '../../../features/studio/studio-load.ts';
import '../../../features/studio/studio.css';

export async function loader(args: Route.LoaderArgs) {
  // an address with no course (the menu's own link has one): the video courses, where one is chosen
  if (!new URL(args.request.url).searchParams.get('courseId')) throw redirect('/account/vod');
  const id = idParam(args.request, 'courseId');
  if (!id) missingDraft();
  const [course, diff] = await Promise.all([
    studioLoad(args, courseAuditView, { id }),
    studioLoad(args, courseAuditChanges, { id }),
  ]);
  const tree = await studioLoad(args, categoryListForSite, {
    categoryType: categoryTypeOfCourse(course.courseType) as 1 | 2 | 3,
  });
  return { course, diff, categoryNames: categoryNamesOf([tree]) };
}

/** Why the draft cannot be sent now, or null. */
function blocker(c: { auditStatus: number; periodTotal: number }): string | null {
  if (c.auditStatus === CourseAuditStatus.PENDING) return '已提交审核，请等待平台审核结果。';
  if (c.auditStatus === CourseAuditStatus.APPROVED) return '没有新的修改：学员看到的就是现在的内容。';
  if (c.periodTotal === 0) return '请至少添加一个章节和一个课时，再提交审核。';
  return null;
}

/** /account/vod/check?courseId= — what will go to audit (the draft against what is on sale), the last decision, 提交审核. */
export default function StudioCheck({ loaderData }: Route.ComponentProps) {
  const { course, diff, categoryNames } = loaderData;
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const blocked = blocker(course);
  const decided =
    course.auditStatus === CourseAuditStatus.APPROVED || course.auditStatus === CourseAuditStatus.REJECTED;

  async function submit() {
    if (
      (await run(() => api(courseAuditSubmit, { id: course.id }), {
        success: '已提交审核，审核结果会通过站内消息通知您',
      })) !== undefined
    )
      await revalidator.revalidate();
  }

  return (
    <Page title={`提交审核：${course.courseName}`}>
      <CourseHead course={course} current="check" />
      <Card size="small" title="审核记录" className="qk-studio-card">
        <Descriptions
          size="small"
          column={3}
          items={[
            {
              key: 's',
              label: '当前状态',
              children: <Tag color={AUDIT_COLOR[course.auditStatus]}>{course.auditStatusName}</Tag>,
            },
            { key: 't', label: '最近提交', children: course.submitTime || '尚未提交' },
            { key: 'p', label: '发布情况', children: course.isPublished ? '已有审核通过的版本在售' : '尚未发布' },
            ...(decided || course.auditOpinion
              ? [{ key: 'o', label: '最近一次审核意见', span: 3, children: course.auditOpinion || '（无）' }]
              : []),
          ]}
        />
      </Card>
      <Card size="small" title="本次将提交的内容" className="qk-studio-card">
        <AuditChanges diff={diff} categoryNames={categoryNames} />
      </Card>
      <div className="qk-studio-submit">
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {blocked ? (
          <Alert
            type={course.auditStatus === CourseAuditStatus.PENDING ? 'info' : 'warning'}
            showIcon
            title={blocked}
          />
        ) : null}
        {canSubmit(course) ? (
          <Popconfirm
            title={course.isPublished ? '提交审核？通过后新版本替换学员看到的内容' : '提交审核？审核通过后即发布'}
            okText="提交"
            cancelText="取消"
            disabled={Boolean(blocked)}
            onConfirm={submit}
          >
            <Button type="primary" size="large" loading={pending} disabled={Boolean(blocked)}>
              提交审核
            </Button>
          </Popconfirm>
        ) : null}
      </div>
    </Page>
  );
}

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
