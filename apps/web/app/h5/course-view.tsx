import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { useState } from 'react';
import type { Route } from './+types/course-view.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { firstPeriod } from '../features/course/chapter-list.tsx';
import { clock, kindOf, learnerCount, lessonCount } from '../features/course/course-format.ts';
import type { DetailCourse } from '../features/course/course-detail.ts';
import { plainText } from '../features/course/rich-text.tsx';
import { RichHtml } from '../components/rich-editor/rich-html.tsx';
import { plainToHtml } from '../components/rich-editor/plain-to-html.ts';
import { useRootData } from '../lib/root-data.ts';
import { collectCourse } from '../features/account/collect.ts';
import { H5CollectButton } from './collect-button.tsx';
import { H5Price } from './course-card.tsx';
import { loadH5Course } from './course-load.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { LazyCheckoutSheet } from './lazy-checkout.tsx';
import { h5LoginPath, h5PeriodPath } from './h5-links.ts';
import './h5-lists.css';

export async function loader(args: Route.LoaderArgs) {
  return loadH5Course(args);
}

/** /h5/view/:id — a course on a phone: cover, price, introduction and outline, and the button that fits the reader. */
export default function H5CourseView({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  return (
    <>
      <PageMeta title={course.courseName} description={plainText(course.introduce).slice(0, 120)} />
      <H5Header title={`${kindOf(course.courseType).noun}详情`} />
      <article className="h5-course">
        <div className="h5-cover h5-course__cover">
          {course.courseLogo ? <img src={course.courseLogo} alt="" /> : null}
        </div>
        <section className="h5-course__head">
          <h1>{course.courseName}</h1>
          <p className="h5-muted">
            {course.lecturer.lecturerName ? (
              <>
                讲师：
                {course.lecturer.id ? (
                  <Link to={`/h5/lecturer/${course.lecturer.id}`}>{course.lecturer.lecturerName}</Link>
                ) : (
                  course.lecturer.lecturerName
                )}
                {' · '}
              </>
            ) : null}
            {lessonCount(course)} · {learnerCount(course)}
          </p>
          <div className="h5-course__price">
            <H5Price course={course} />
            {course.isVipFree === 1 && course.isFree !== 1 ? <span className="h5-tag">会员免费</span> : null}
            <Collect course={course} />
          </div>
          <StudyState course={course} />
        </section>
        <section className="h5-section" aria-labelledby="intro">
          <h2 id="intro" className="h5-section__title">
            课程介绍
          </h2>
          {course.introduce.trim() ? (
            <RichHtml className="h5-rich" html={plainToHtml(course.introduce)} />
          ) : (
            <p className="h5-muted">讲师还没有写课程介绍</p>
          )}
        </section>
        <Outline course={course} />
      </article>
      <H5Footer />
      <ActionBar course={course} />
    </>
  );
}

function Collect({ course }: { course: DetailCourse }) {
  const signedIn = Boolean(useRootData()?.user);
  const { pathname } = useLocation();
  return (
    <H5CollectButton
      initial={course.isCollect === 1}
      signedIn={signedIn}
      here={pathname}
      change={(on) => collectCourse(course.id, on)}
    />
  );
}

function StudyState({ course }: { course: DetailCourse }) {
  const signedIn = Boolean(useRootData()?.user);
  if (!signedIn || course.isPay !== 1 || course.isFree === 1) return null;
  return (
    <p className="h5-course__state">
      已开通{course.studyPercent !== undefined ? `，已学 ${course.studyPercent}%` : ''}
      {course.expireTime ? `，有效期至 ${course.expireTime.slice(0, 10)}` : ''}
    </p>
  );
}

function Outline({ course }: { course: DetailCourse }) {
  const open = course.isFree === 1 || course.isPay === 1;
  return (
    <section className="h5-section" aria-labelledby="outline">
      <h2 id="outline" className="h5-section__title">
        课程目录
      </h2>
      {course.chapterList.length === 0 ? <p className="h5-muted">课程内容正在准备中</p> : null}
      {course.chapterList.map((ch) => (
        <div key={ch.id} className="h5-chapter">
          <h3>{ch.chapterName}</h3>
          <ol>
            {ch.periodList.map((p) => {
              const free = !open && (ch.isFree === 1 || p.isFree === 1);
              return (
                <li key={p.id}>
                  <span className="h5-chapter__name">{p.periodName}</span>
                  <span className="h5-chapter__meta">
                    {free ? <span className="h5-tag">试看</span> : null}
                    {clock(p.videoDuration)}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}

/**
 * The bottom bar: study (start or continue) when the reader may, else buy (the H5 checkout), with the free trial
 * beside it.
 */
function ActionBar({ course }: { course: DetailCourse }) {
  const user = useRootData()?.user;
  const { pathname, search } = useLocation();
  const free = course.isFree === 1;
  const entitled = course.isPay === 1;
  const start = course.lastPeriodId || firstPeriod(course.chapterList, free, entitled);
  const trial = firstPeriod(course.chapterList, false, false);
  const [buying, setBuying] = useState(false);
  let main;
  if (free || entitled) {
    main = start ? (
      <a className="h5-button h5-button--primary" href={h5PeriodPath(course.id, start)}>
        {course.lastPeriodId ? '继续学习' : '开始学习'}
      </a>
    ) : (
      <span className="h5-button is-disabled">课程内容准备中</span>
    );
  } else if (!user) {
    main = (
      <Link className="h5-button h5-button--buy" to={h5LoginPath(pathname + search)}>
        登录后购买
      </Link>
    );
  } else {
    main = (
      <button type="button" className="h5-button h5-button--buy" onClick={() => setBuying(true)}>
        立即购买
      </button>
    );
  }
  return (
    <div className="h5-actionbar">
      {!free && !entitled && trial ? (
        <a className="h5-button" href={h5PeriodPath(course.id, trial)}>
          免费试看
        </a>
      ) : null}
      {main}
      <LazyCheckoutSheet
        purchase={
          buying
            ? {
                kind: 'course',
                courseId: course.id,
                name: course.courseName,
                price: course.coursePrice,
                rulingPrice: course.rulingPrice,
              }
            : null
        }
        onClose={() => setBuying(false)}
      />
    </div>
  );
}
