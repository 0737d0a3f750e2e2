import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { chapterAuditList, courseAuditView } from '#contract/studio.ts';
import { accessoryList, periodDocView, periodVideoView } from '#contract/studio-files.ts';
import { VideoStatus } from '#contract/vod.ts';
import type { Route } from './+types/outline.ts';
import { Page } from '../../../components/page.tsx';
import { AccessoryPanel } from '../../../features/studio/accessory-panel.tsx';
import { CourseHead } from '../../../features/studio/course-head.tsx';
import { OutlineEditor } from '../../../features/studio/outline-editor.tsx';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { idParam, studioKindOf } from '../../../features/studio/studio-kind.ts';
import { missingDraft, studioLoad } from '../../../features/studio/studio-load.ts';
import '../../../features/studio/studio.css';

/** How often the page looks again while a lesson's video waits for or is in transcoding. */
const TRANSCODE_POLL_MS = 4_000;

export async function loader(args: Route.LoaderArgs) {
  const courseId = idParam(args.request, 'courseId');
  if (!courseId) missingDraft();
  const [course, chapters, accessories] = await Promise.all([
    studioLoad(args, courseAuditView, { id: courseId }),
    studioLoad(args, chapterAuditList, { courseId }),
    studioLoad(args, accessoryList, { courseId }),
  ]);
  const periods = chapters.flatMap((ch) => ch.periodList);
  const failed = periods.filter((l) => l.videoStatus === VideoStatus.failed);
  const [videos, docs] = await Promise.all([
    Promise.all(failed.map((l) => studioLoad(args, periodVideoView, { periodId: l.id }))),
    studioKindOf(course.courseType).content === 'doc'
      ? Promise.all(periods.map((l) => studioLoad(args, periodDocView, { periodId: l.id })))
      : Promise.resolve([]),
  ]);
  return {
    course,
    chapters,
    accessories,
    failReasons: Object.fromEntries(videos.map((v) => [v.periodId, v.video?.failReason ?? ''])),
    docs: Object.fromEntries(docs.map((d) => [d.periodId, d.docName])),
  };
}

/** /account/vod/period?courseId= (and the resource and library ones) — chapters, lessons, their content, files. */
export default function StudioOutline({ loaderData }: Route.ComponentProps) {
  const { course, chapters, accessories, failReasons, docs } = loaderData;
  const kind = studioKindOf(course.courseType);
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const transcoding = chapters.some((ch) =>
    ch.periodList.some((l) => l.videoStatus === VideoStatus.pending || l.videoStatus === VideoStatus.transcoding),
  );
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!transcoding) return;
    const timer = setInterval(() => void revalidate(), TRANSCODE_POLL_MS);
    return () => clearInterval(timer);
  }, [transcoding, revalidate]);

  return (
    <Page title={`章节与${kind.periodNoun}：${course.courseName}`}>
      <CourseHead course={course} current="outline" />
      <p className="qk-muted qk-studio-hint">
        拖动左侧的 ⋮⋮ 或用箭头调整顺序；
        {kind.content === 'video'
          ? '视频上传后自动转码，转码完成即可播放。上传在页面切换时也会继续。'
          : '每个文档课时上传一份 md、txt 或 html 文档，学员在课时页阅读。'}
        所有修改提交审核、通过后才会展示给学员。
      </p>
      <OutlineEditor
        kind={kind}
        courseId={course.id}
        chapters={chapters}
        failReasons={failReasons}
        docs={docs}
        onChanged={refresh}
      />
      <AccessoryPanel courseId={course.id} items={accessories} onChanged={refresh} />
    </Page>
  );
}

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
