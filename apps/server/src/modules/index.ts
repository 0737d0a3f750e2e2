import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/context.ts';
import type { Router } from '../platform/http/route.ts';
import type { Sessions } from '../platform/http/session.ts';
import type { ModuleContext } from './module.ts';
import { registerUser } from './user/index.ts';
import { registerSystem } from './system/index.ts';
import { registerAdmin } from './admin/index.ts';
import { registerMessage } from './message/index.ts';
import { registerLecturer } from './lecturer/index.ts';
import { registerVod } from './vod/index.ts';
import { registerCourse } from './course/index.ts';
import { registerData } from './data/index.ts';
import { registerStudio } from './studio/index.ts';
import { registerExam } from './exam/index.ts';
import { registerPay } from './pay/index.ts';
import { registerLedger } from './ledger/index.ts';
import { registerOrder } from './order/index.ts';
import { registerCommunity } from './community/index.ts';
import { registerGrade } from './grade/index.ts';
import { registerSearch } from './search/index.ts';
import { registerOrganisation } from './organisation/index.ts';
import { registerMarketing } from './marketing/index.ts';
import { registerLive } from './live/index.ts';

/**
 * Builds every domain and registers its calls, one line per domain: `register<Domain>(ctx, deps)` builds the
 * domain's services from the platform and the services of the domains before it, and returns them. Domains reach
 * each other only through services, and the domains' graph has no cycle (docs/house-rules.md): where a domain
 * needs one registered after it, it names the shape it needs (a port) and is given a function that answers it
 * at call time (vod's lessons from course, course's progress from data and its class access from grade, exam's
 * class-exam answers rule from grade).
 * `http` is the /apis scope, for the few webhooks that answer in a third party's format instead of the envelope.
 */
export async function registerModules(on: Router, p: Platform, sessions: Sessions, http: FastifyInstance) {
  const ctx: ModuleContext = { on, p, sessions, http };
  const user = await registerUser(ctx, {});
  const { users } = user;
  const { search } = registerSearch(ctx);
  const system = registerSystem(ctx, { users, indexer: search });
  const admin = registerAdmin(ctx, {
    captcha: user.captcha,
    dashboard: () => ({
      orders: order.admin,
      users: user.admin,
      courseAudits: studio.audit,
      paperAudits: exam.paperAudit,
      lecturerAudits: lecturer.lecturerAdmin,
      withdrawals: money.extracts,
      payDifferences: order.differences,
      reports: community.reports,
    }),
  });
  const { messages, messageAdmin } = registerMessage(ctx, { users });
  const lecturer = registerLecturer(ctx, { users, userAdmin: user.admin, messages });
  const vod = registerVod(ctx, { users, periods: () => course.entitlement });
  const course = registerCourse(ctx, {
    users,
    system: system.system,
    vod: vod.vod,
    progress: () => data.study,
    grades: () => grade.access,
    search,
  });
  const { entitlement, courses, publisher } = course;
  const data = registerData(ctx, { users, messages, courses, entitlement, periodAccess: course.periodAccessCache });
  const studio = registerStudio(ctx, {
    users,
    messages,
    courses,
    vod: vod.vod,
    player: vod.vodPlay,
    uploads: vod.videoUploads,
    publisher,
    study: data.study,
    lecturers: lecturer.lecturers,
  });
  const exam = registerExam(ctx, {
    users,
    messages,
    entitlement,
    vod: vod.vod,
    heldAnswers: () => grade.heldAnswers,
    search,
  });
  const grade = registerGrade(ctx, {
    users,
    messages,
    courses,
    entitlement,
    periods: course.periodAccessCache,
    categories: exam.categories,
    study: data.study,
    exam,
  });
  const pay = registerPay(ctx, {});
  const money = registerLedger(ctx, { users, bank: user.bank, codes: user.smsCodes, messages });
  const order = await registerOrder(ctx, {
    users,
    courses,
    entitlement,
    messages,
    ledger: money.ledger,
    gateways: pay.gateways,
  });
  const community = registerCommunity(ctx, { users, messages, system: system.system, search });
  const organisation = registerOrganisation(ctx, { users, messages });
  const marketing = registerMarketing(ctx);
  const live = registerLive(ctx, {
    users,
    courses,
    entitlement,
    vod: vod.vod,
    vodPlay: vod.vodPlay,
    lecturers: lecturer.lecturers,
    messages,
    studio: studio.studio,
    outline: studio.outline,
  });

  return {
    users,
    userAuth: user.userAuth,
    captcha: user.captcha,
    smsCodes: user.smsCodes,
    ...system,
    ...admin,
    sessions,
    qrLogin: user.qrLogin,
    messages,
    messageAdmin,
    ...lecturer,
    feedback: data.feedback,
    bank: user.bank,
    research: user.research,
    referral: user.referral,
    face: user.face,
    admin: user.admin,
    userAdmin: user.admin,
    entitlement,
    courses,
    collections: course.collections,
    comments: course.comments,
    learn: course.learn,
    courseAdmin: course.courseAdmin,
    study: data.study,
    notes: data.notes,
    ...vod,
    studio,
    exam,
    grades: grade.grades,
    gradeMembers: grade.gradeMembers,
    gradeHistory: grade.gradeHistory,
    gradeExams: grade.gradeExams,
    payGateways: pay.gateways,
    ledger: money.ledger,
    extracts: money.extracts,
    order,
    community,
    search,
    orgs: organisation.orgs,
    counsel: marketing.counsel,
    terrace: marketing.terrace,
    ...live,
  };
}
