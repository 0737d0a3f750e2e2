import { useState, type ReactNode } from 'react';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import type { TCourseBrief } from '#contract/course.ts';
import type { courseCommentList } from '#contract/course-learn.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { AccessoryList } from './accessory-list.tsx';
import { ChapterList } from './chapter-list.tsx';
import { CourseActions } from './course-actions.tsx';
import { CourseComments } from './course-comments.tsx';
import { CourseGrid, CoursePrice } from './course-card.tsx';
import type { DetailCourse } from './course-detail.ts';
import { coursePath, kindOf, learnerCount, lessonCount, yuan } from './course-format.ts';
import { plainText } from './rich-text.tsx';
import { RichHtml } from '../../components/rich-editor/rich-html.tsx';
import { plainToHtml } from '../../components/rich-editor/plain-to-html.ts';
import './course.css';
import { formatMoney } from '#contract/money.ts';
import { CourseJsonLd } from './course-json-ld.tsx';

export interface DetailProps {
  course: DetailCourse;
  viewer: boolean;
  comments: CallData<typeof courseCommentList>;
  related: TCourseBrief[];
  byLecturer: TCourseBrief[];
  /** a read-only look at the published course from the studio (see routes/preview-*.tsx) */
  preview?: boolean;
  /** what the preview shows, when it is not the published course (the lecturer's draft) */
  previewNote?: string;
  /** shown instead of the lesson outline: a live course's sessions with their times */
  schedule?: ReactNode;
}

function describe(c: DetailCourse): string {
  const price = c.isFree === 1 ? '免费' : `价格 ${yuan(c.coursePrice)}`;
  const intro = plainText(c.introduce).slice(0, 100);
  return `${c.courseName}，${c.lecturerName || '青课讲师'}主讲，共 ${c.periodTotal} 课时，${price}。${intro}`;
}

function LecturerCard({ course }: { course: DetailCourse }) {
  const l = course.lecturer;
  const name = l.lecturerName || course.lecturerName;
  if (!name) return null;
  const inner = (
    <>
      {l.headImgUrl ? (
        <img src={l.headImgUrl} alt="" className="qk-course-lecturer__avatar" />
      ) : (
        <span className="qk-course-lecturer__avatar">{name.slice(0, 1)}</span>
      )}
      <strong>{name}</strong>
      {l.position ? <span className="qk-muted">{l.position}</span> : null}
    </>
  );
  return (
    <section className="qk-card qk-course-lecturer" aria-label="讲师">
      <h2 className="qk-card__title">授课讲师</h2>
      {l.id ? (
        <Link to={`/lecturer/${l.id}`} className="qk-course-lecturer__head">
          {inner}
        </Link>
      ) : (
        <div className="qk-course-lecturer__head">{inner}</div>
      )}
      {l.introduce ? <p className="qk-course-lecturer__intro">{l.introduce}</p> : null}
    </section>
  );
}

function SideCourses({ title, courses }: { title: string; courses: TCourseBrief[] }) {
  if (courses.length === 0) return null;
  return (
    <section className="qk-card qk-side-courses">
      <h2 className="qk-card__title">{title}</h2>
      <ul>
        {courses.map((c) => (
          <li key={c.id}>
            <Link to={coursePath(c)}>
              <span className="qk-side-courses__name">{c.courseName}</span>
              <span className={c.isFree === 1 ? 'qk-side-courses__price is-free' : 'qk-side-courses__price'}>
                {c.isFree === 1 ? '免费' : yuan(c.coursePrice)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The course page (/view/:id, /resource/detail/:id, /library/view/:id and their previews). */
export function CourseDetailPage({
  course,
  viewer,
  comments,
  related,
  byLecturer,
  preview = false,
  previewNote,
  schedule,
}: DetailProps) {
  const kind = kindOf(course.courseType);
  const detailPath = preview ? kind.previewPath(course.id) : kind.detailPath(course.id);
  const entitled = course.isPay === 1;
  const free = course.isFree === 1;
  const [commentTotal, setCommentTotal] = useState(comments.totalCount);
  return (
    <div className="qk-container qk-page qk-course">
      <PageMeta title={course.courseName} description={describe(course)} image={course.courseLogo} noindex={preview} />
      {preview ? null : <CourseJsonLd course={course} url={detailPath} />}
      <meta
        property="product:price:amount"
        content={formatMoney(course.isFree === 1 ? 0 : course.coursePrice, { sign: false })}
      />
      <meta property="product:price:currency" content="CNY" />
      {preview ? (
        <p className="qk-preview-note" role="note">
          {previewNote ?? `预览：这是该${kind.noun}已发布内容的只读预览，与学员看到的一致；编辑请到讲师工作台。`}
        </p>
      ) : null}
      <nav className="qk-breadcrumb qk-course__crumbs" aria-label="当前位置">
        <Link to="/">首页</Link>
        <span>/</span>
        <Link to={kind.listPath}>{kind.listTitle}</Link>
        {course.categoryPath.map((c) => (
          <span key={c.id} className="qk-course__crumb">
            <span>/</span>
            <Link to={`${kind.listPath}?c=${c.id}`}>{c.categoryName}</Link>
          </span>
        ))}
      </nav>
      <section className="qk-course-hero">
        <div className="qk-course-hero__cover">
          {course.courseLogo ? (
            <img src={course.courseLogo} alt={course.courseName} />
          ) : (
            <span className="qk-course-card__blank">{course.courseName}</span>
          )}
        </div>
        <div className="qk-course-hero__info">
          <h1>{course.courseName}</h1>
          <p className="qk-course-hero__meta">
            <span>讲师：{course.lecturer.lecturerName || course.lecturerName || '青课讲师'}</span>
            <span>{lessonCount(course)}</span>
            <span>{learnerCount(course)}</span>
            {course.speedDrag === 0 ? <span>需按顺序观看</span> : null}
          </p>
          {preview ? (
            <div className="qk-course-actions__price">
              <CoursePrice course={course} large />
            </div>
          ) : (
            <CourseActions course={course} detailPath={detailPath} />
          )}
        </div>
      </section>
      <div className="qk-course-body">
        <div className="qk-course-main">
          <nav className="qk-course-tabs" aria-label="课程内容">
            <a href="#intro">{kind.noun}介绍</a>
            <a href="#chapters">{kind.noun}目录</a>
            {course.accessoryList.length > 0 ? <a href="#files">资料下载</a> : null}
            <a href="#comments">评论（{commentTotal}）</a>
          </nav>
          <section id="intro" className="qk-card">
            <h2 className="qk-card__title">{kind.noun}介绍</h2>
            {course.introduce ? (
              <RichHtml html={plainToHtml(course.introduce)} />
            ) : (
              <p className="qk-muted">讲师还没有填写介绍。</p>
            )}
          </section>
          <section id="chapters" className="qk-card">
            <h2 className="qk-card__title">{schedule ? '直播课表' : `${kind.noun}目录`}</h2>
            {schedule ?? (
              <ChapterList
                courseId={course.id}
                courseType={course.courseType}
                courseFree={free}
                chapters={course.chapterList}
                entitled={entitled}
              />
            )}
          </section>
          {course.accessoryList.length > 0 ? (
            <section id="files" className="qk-card">
              <h2 className="qk-card__title">资料下载</h2>
              <AccessoryList items={course.accessoryList} entitled={free || entitled} />
            </section>
          ) : null}
          <section id="comments" className="qk-card">
            <h2 className="qk-card__title">{kind.noun === '课程' ? '课程评论' : '评论'}</h2>
            <CourseComments
              courseId={course.id}
              initial={comments}
              viewer={viewer}
              detailPath={detailPath}
              readOnly={preview}
              onTotal={setCommentTotal}
            />
          </section>
        </div>
        <aside className="qk-course-side">
          <LecturerCard course={course} />
          <SideCourses title="讲师的其他课程" courses={byLecturer} />
        </aside>
      </div>
      {related.length > 0 ? (
        <section className="qk-course-related">
          <h2>相关推荐</h2>
          <CourseGrid courses={related} />
        </section>
      ) : null}
    </div>
  );
}
