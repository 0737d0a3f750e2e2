import { Card } from 'antd';
import { useNavigate, useRevalidator } from 'react-router';
import { categoryListForSite, categoryTypeOfCourse } from '#contract/course.ts';
import { courseAuditList, courseAuditView } from '#contract/studio.ts';
import type { Route } from './+types/course-edit.ts';
import { Page } from '../../../components/page.tsx';
import { CourseForm } from '../../../features/studio/course-form.tsx';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { CourseHead } from '../../../features/studio/course-head.tsx';
import { idParam, studioKindOf, studioKindOfPath, studioPaths } from '../../../features/studio/studio-kind.ts';
import { studioLoad } from '../../../features/studio/studio-load.ts';
import '../../../features/studio/studio.css';

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const id = idParam(args.request, 'id');
  // a new course: ask the studio first, so a learner sees the not-a-lecturer page rather than an empty form
  const course = id
    ? await studioLoad(args, courseAuditView, { id })
    : (await studioLoad(args, courseAuditList, { pageSize: 1 }), null);
  const kind = course ? studioKindOf(course.courseType) : studioKindOfPath(url.pathname);
  const categories = await studioLoad(args, categoryListForSite, {
    categoryType: categoryTypeOfCourse(kind.courseType) as 1 | 2 | 3,
  });
  return { course, categories, courseType: kind.courseType };
}

/** /account/vod/add[?id=] (and the resource and library ones) — a course draft's name, category, cover, prices. */
export default function StudioCourseEdit({ loaderData }: Route.ComponentProps) {
  const { course, categories, courseType } = loaderData;
  const kind = studioKindOf(courseType);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (
    <Page title={course ? `编辑${kind.noun}` : `新建${kind.noun}`}>
      {course ? <CourseHead course={course} current="edit" /> : null}
      <Card>
        <CourseForm
          key={course?.gmtModified ?? 'new'}
          kind={kind}
          course={course}
          categories={categories}
          onSaved={(saved) =>
            course ? void revalidator.revalidate() : navigate(studioPaths.outline(saved.courseType, saved.id))
          }
        />
      </Card>
    </Page>
  );
}

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
