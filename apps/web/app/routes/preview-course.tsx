import { courseAuditPreview, CourseAuditStatus, courseAuditView } from '#contract/studio.ts';
import type { Route } from './+types/preview-course.ts';
import { CourseDetailPage } from '../features/course/course-detail-page.tsx';
import { COMMENT_PAGE_SIZE } from '../features/course/course-detail.ts';
import { StudioErrorBoundary } from '../features/studio/studio-error.tsx';
import { missingDraft, studioLoad } from '../features/studio/studio-load.ts';
import '../features/studio/studio.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id ?? '';
  if (!isId(id)) missingDraft();
  const [course, draft] = await Promise.all([
    studioLoad(args, courseAuditPreview, { id }),
    studioLoad(args, courseAuditView, { id }),
  ]);
  return { course, auditStatus: draft.auditStatus, auditStatusName: draft.auditStatusName };
}

/** /preview/course/:id — the lecturer's draft (any kind of course) as learners will see it once it is approved. */
export default function PreviewCoursePage({ loaderData }: Route.ComponentProps) {
  const { course, auditStatus, auditStatusName } = loaderData;
  const note =
    auditStatus === CourseAuditStatus.APPROVED
      ? '预览：草稿与审核通过、正在发布的版本一致。'
      : `预览（${auditStatusName}）：这是尚未审核通过的草稿，学员看到的仍是上次审核通过的版本（新课程则还看不到）。`;
  return (
    <>
      {/* a draft is for its lecturer only */}
      <meta name="robots" content="noindex" />
      <CourseDetailPage
        key={course.id}
        course={course}
        viewer={false}
        comments={{ list: [], totalCount: 0, totalPage: 0, pageCurrent: 1, pageSize: COMMENT_PAGE_SIZE }}
        related={[]}
        byLecturer={[]}
        preview
        previewNote={note}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
