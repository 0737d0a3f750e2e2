import { Alert, Card } from 'antd';
import { redirect, useNavigate, useRevalidator } from 'react-router';
import { categoryListForSite, CategoryType, CourseType } from '#contract/course.ts';
import { LiveStatus, lecturerSelfView } from '#contract/lecturer.ts';
import { liveSessionAuditList } from '#contract/live.ts';
import { courseAuditView } from '#contract/studio.ts';
import type { Route } from './+types/add.ts';
import { Page } from '../../../components/page.tsx';
import { LiveApply } from '../../../features/account/live-apply.tsx';
import { LiveSessionEditor } from '../../../features/live/live-session-editor.tsx';
import { CourseForm } from '../../../features/studio/course-form.tsx';
import { CourseHead } from '../../../features/studio/course-head.tsx';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { idParam, LIVE_KIND, studioPaths } from '../../../features/studio/studio-kind.ts';
import { studioLoad } from '../../../features/studio/studio-load.ts';
import { requireLecturer } from '../../../lib/session-load.ts';
import '../../../features/studio/studio.css';
import '../../../features/live/live.css';

export async function loader(args: Route.LoaderArgs) {
  await requireLecturer(args);
  const lecturer = await studioLoad(args, lecturerSelfView, {});
  // only a lecturer whose live teaching was granted authors live courses: the others see how to apply
  if (lecturer.liveStatus !== LiveStatus.OPEN) return { gate: lecturer, course: null, categories: [], sessions: [] };
  const id = idParam(args.request, 'id');
  const course = id ? await studioLoad(args, courseAuditView, { id }) : null;
  if (course && course.courseType !== CourseType.LIVE) throw redirect(studioPaths.edit(course.courseType, course.id));
  const [categories, sessions] = await Promise.all([
    studioLoad(args, categoryListForSite, { categoryType: CategoryType.VIDEO }),
    course ? studioLoad(args, liveSessionAuditList, { courseId: course.id }) : Promise.resolve([]),
  ]);
  return { gate: null, course, categories, sessions };
}

/**
 * /account/live/add[?id=] — a live course draft: its name, category, cover, prices and introduction, and its
 * sessions with their schedule; submitted for audit like any course (the check page), then shown on /live.
 */
export default function LiveCourseEdit({ loaderData }: Route.ComponentProps) {
  const { gate, course, categories, sessions } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  if (gate) {
    return (
      <Page title="新建直播课程">
        <Alert
          type="warning"
          showIcon
          title={
            gate.liveStatus === LiveStatus.PENDING
              ? '您的直播申请正在审核中，审核通过后即可创建直播课程。'
              : '您还没有开通直播授课，开通后才能创建直播课程。'
          }
          description="在下方（或“讲师信息”页）提交直播申请，平台审核通过后即可创建直播课程、安排直播课时并开播。"
          style={{ marginBottom: 16 }}
        />
        <LiveApply lecturer={gate} />
      </Page>
    );
  }
  return (
    <Page title={course ? '编辑直播课程' : '新建直播课程'}>
      {course ? <CourseHead course={course} current="edit" /> : null}
      <Card title="课程信息">
        <CourseForm
          key={course?.gmtModified ?? 'new'}
          kind={LIVE_KIND}
          course={course}
          categories={categories}
          onSaved={(saved) =>
            course ? void revalidator.revalidate() : navigate(`/account/live/add?id=${saved.id}#sessions`)
          }
        />
      </Card>
      {course ? (
        <Card title={`直播课时（${sessions.length}）`} id="sessions" style={{ marginTop: 16 }}>
          <LiveSessionEditor courseId={course.id} sessions={sessions} onChanged={() => void revalidator.revalidate()} />
        </Card>
      ) : (
        <p className="qk-muted" style={{ marginTop: 12 }}>
          创建课程后，在这里添加直播课时并安排开播时间。
        </p>
      )}
    </Page>
  );
}

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
