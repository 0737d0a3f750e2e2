import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Spec §2, one line per route. Pages whose feature has not arrived yet use routes/pending.tsx with an id
 * `pending:<path>`; its title comes from routes/pending-titles.ts. A feature replaces the line with its page.
 */
const pending = (path: string) => route(path, 'routes/pending.tsx', { id: `pending:/${path.replace(/\/:\w+\??/g, '')}` });

const account = [
  'channel', 'draw_money', 'earnings', 'exams', 'library', 'live',
  'order', 'ques', 'resource', 'subject', 'vod',
  'error/problem', 'error/start',
  'exams/add', 'exams/examAdmin', 'exams/myExam', 'exams/myExamination', 'exams/preview', 'exams/selectIssue',
  'grades/admin', 'grades/my', 'grades/teacher',
  'library/add', 'library/period',
  'live/add', 'live/period', 'live/praxis',
  'resource/add', 'resource/period',
  'subject/add', 'subject/comprehend',
  'vod/add', 'vod/check', 'vod/period', 'vod/praxis', 'vod/progress', 'vod/progress/details',
];

export default [
  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    route('index', 'routes/home.tsx', { id: 'home-index' }),
    route('index-old', 'routes/home.tsx', { id: 'home-old' }),
    ...['blog', 'exam', 'grade', 'info', 'live', 'null', 'question', 'vip'].map(pending),
    route('list', 'routes/course-list.tsx'),
    route('resource', 'routes/resource-list.tsx'),
    route('library', 'routes/library-list.tsx'),
    route('teachingStaff', 'routes/teaching-staff.tsx'),
    route('lecturer/:id?', 'routes/lecturer.tsx'),
    route('myStudy', 'routes/my-study.tsx'),
    route('view/service', 'routes/view-service.tsx'),
    route('info/detail/:id?', 'routes/info-detail.tsx'),
    ...[
      'blog/article/:id?', 'blog/blogger/:id?', 'exam/exercise/:id?', 'exam/view/:id?', 'grade/view/:id?',
      'live/detail/:id?', 'preview/course/:id?', 'preview/live/:id?',
      'question/view/:id?', 'schoolProfile/:id?', 'terrace/:id?',
      'sale/:type?',
    ].map(pending),
    route('view/:id', 'routes/course-view.tsx'),
    route('view/:id/period/:periodId', 'routes/course-period.tsx'),
    route('resource/detail/:id', 'routes/resource-detail.tsx'),
    route('library/view/:id', 'routes/library-view.tsx'),
    route('preview/resource/:id', 'routes/preview-resource.tsx'),
    route('preview/library/:id', 'routes/preview-library.tsx'),
    route('search/:str?', 'routes/search.tsx'),
    pending('blog/search'),
    ...['exam/exam', 'exam/explain', 'exam/gradeExplain', 'exam/gradeResult', 'exam/result', 'exam/startExam'].map(pending),
    layout('layouts/require-login.tsx', [pending('blog/account'), pending('blog/account/write'), pending('question/account/write')]),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('layouts/activity.tsx', [pending('onlineRegistration'), pending('onlineTest'), pending('recruit')]),
  layout('layouts/login.tsx', [
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('reset', 'routes/reset.tsx'),
    route('apply', 'routes/apply.tsx'),
    route('qrcode/scan', 'routes/qrcode-scan.tsx'),
  ]),
  layout('layouts/account.tsx', [
    route('account/info', 'routes/account/info.tsx'),
    route('account/message', 'routes/account/message.tsx'),
    route('account/feedback', 'routes/account/feedback.tsx'),
    route('account/reset', 'routes/account/reset.tsx'),
    route('account/attention', 'routes/account/attention.tsx'),
    route('account/recommend', 'routes/account/recommend.tsx'),
    route('account/teacher', 'routes/account/teacher.tsx'),
    route('account/study', 'routes/account/study.tsx'),
    route('account/course', 'routes/account/course.tsx'),
    route('account/notes', 'routes/account/notes.tsx'),
    route('account/collection', 'routes/account/collection.tsx'),
    ...account.map((p) => pending(`account/${p}`)),
  ]),
  layout('layouts/admin-styles.tsx', [
    route('admin/login', 'routes/admin/login.tsx'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('website', 'routes/admin/website.tsx'),
      route('nav', 'routes/admin/nav-bar.tsx'),
      route('footer', 'routes/admin/website-nav.tsx'),
      route('link', 'routes/admin/link.tsx'),
      route('banner', 'routes/admin/banner.tsx'),
      route('adv', 'routes/admin/adv.tsx'),
      route('zone', 'routes/admin/zone.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('lecturer-audits', 'routes/admin/lecturer-audits.tsx'),
      route('lecturers', 'routes/admin/lecturers.tsx'),
      route('feedback', 'routes/admin/feedback.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('courses', 'routes/admin/courses.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
