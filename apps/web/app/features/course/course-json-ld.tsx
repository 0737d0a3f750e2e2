import { formatMoney } from '#contract/money.ts';
import { useRootData } from '../../lib/root-data.ts';
import type { DetailCourse } from './course-detail.ts';
import { plainText } from './rich-text.tsx';

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * schema.org Course of a course page, which search engines read for course rich results: its name, description,
 * provider (the site), lecturer, cover and price. Written as data (type application/ld+json), never run.
 */
export function CourseJsonLd({ course, url }: { course: DetailCourse; url: string }) {
  const root = useRootData();
  const origin = root?.origin ?? '';
  const site = root?.webInfo.siteNamePc || '青课';
  const abs = (u: string) => (u.startsWith('/') ? origin + u : u);
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.courseName,
    description: plainText(course.introduce).slice(0, 300) || course.courseName,
    url: abs(url),
    inLanguage: 'zh-CN',
    ...(course.courseLogo ? { image: abs(course.courseLogo) } : {}),
    provider: { '@type': 'Organization', name: site, ...(origin ? { url: origin } : {}) },
    ...(course.lecturer.lecturerName || course.lecturerName
      ? { instructor: { '@type': 'Person', name: course.lecturer.lecturerName || course.lecturerName } }
      : {}),
    offers: {
      '@type': 'Offer',
      category: course.isFree === 1 ? 'Free' : 'Paid',
      price: formatMoney(course.isFree === 1 ? 0 : course.coursePrice, { sign: false }),
      priceCurrency: 'CNY',
      url: abs(url),
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      courseWorkload: `${course.periodTotal} 课时`,
    },
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(ld) }} />;
}
