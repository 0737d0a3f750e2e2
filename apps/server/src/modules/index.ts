import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/context.ts';
import type { Router } from '../platform/http/route.ts';
import type { Sessions } from '../platform/http/session.ts';
import { SystemService } from './system/system.service.ts';
import { SystemAdminService } from './system/system-admin.service.ts';
import { UploadService } from './system/upload.service.ts';
import { systemRoutes } from './system/system.routes.ts';
import { systemAdminRoutes } from './system/system-admin.routes.ts';
import { UserService } from './user/user.service.ts';
import { UserAuthService } from './user/user-auth.service.ts';
import { CaptchaService } from './user/captcha.service.ts';
import { SmsCodeService } from './user/sms-code.service.ts';
import { loginCookie, userRoutes } from './user/user.routes.ts';
import { QrLoginService } from './user/qr-login.service.ts';
import { qrLoginRoutes, wechatCallbackRoutes } from './user/qr-login.routes.ts';
import { BankAccountService } from './user/bank-account.service.ts';
import { ResearchService } from './user/research.service.ts';
import { ReferralService } from './user/referral.service.ts';
import { FaceService } from './user/face.service.ts';
import { UserAdminService } from './user/user-admin.service.ts';
import { userExtRoutes } from './user/user-ext.routes.ts';
import { MessageService } from './message/message.service.ts';
import { MessageAdminService } from './message/message-admin.service.ts';
import { messageRoutes } from './message/message.routes.ts';
import { LecturerService } from './lecturer/lecturer.service.ts';
import { LecturerAdminService } from './lecturer/lecturer-admin.service.ts';
import { lecturerRoutes } from './lecturer/lecturer.routes.ts';
import { FeedbackService } from './data/feedback.service.ts';
import { feedbackRoutes } from './data/feedback.routes.ts';
import { AdminService } from './admin/admin.service.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { EntitlementService } from './course/entitlement.service.ts';
import { CourseService } from './course/course.service.ts';
import { CollectionService } from './course/collection.service.ts';
import { CommentService } from './course/comment.service.ts';
import { LearnService } from './course/learn.service.ts';
import { CourseAdminService } from './course/course-admin.service.ts';
import { accessoryFileRoute, courseRoutes } from './course/course.routes.ts';
import { StudyService } from './data/study.service.ts';
import { NoteService } from './data/note.service.ts';
import { studyRoutes } from './data/study.routes.ts';
import { VodService } from './vod/vod.service.ts';
import { VodPlayService } from './vod/vod-play.service.ts';
import { vodRoutes } from './vod/vod.routes.ts';
import { vodMediaRoutes } from './vod/vod-media.routes.ts';
import { registerExam } from './exam/index.ts';
import { CoursePublishService } from './course/course-publish.service.ts';
import { VideoUploadService } from './vod/upload.service.ts';
import { uploadRoutes } from './vod/upload.routes.ts';
import { registerStudio } from './studio/index.ts';
import { registerPay } from './pay/index.ts';
import { registerLedger } from './ledger/index.ts';
import { registerOrder } from './order/index.ts';

/**
 * Builds every domain's services and registers their calls. Domains reach each other only through services.
 * `http` is the /apis scope, for the few webhooks that answer in a third party's format instead of the envelope.
 */
export async function registerModules(on: Router, p: Platform, sessions: Sessions, http: FastifyInstance) {
  const secureCookies = (p.config.publicUrl ?? '').startsWith('https:');
  const users = new UserService(p);
  const captcha = new CaptchaService(p);
  const smsCodes = new SmsCodeService(p);
  const userAuth = new UserAuthService(p, sessions, captcha, smsCodes);
  const system = new SystemService(p);
  const systemAdmin = new SystemAdminService(p, system);
  const upload = new UploadService(p);
  const admins = new AdminService(p, sessions);
  const qrLogin = new QrLoginService(p, userAuth, smsCodes);
  const messages = new MessageService(p, users);
  const messageAdmin = new MessageAdminService(messages, users);
  const lecturers = new LecturerService(p, users);
  const lecturerAdmin = new LecturerAdminService(lecturers, users, messages);
  const feedback = new FeedbackService(p, users, messages);
  const entitlement = new EntitlementService(p, users);
  const courses = new CourseService(p, users, system);
  const collections = new CollectionService(p, courses);
  const study = new StudyService(p, entitlement, courses);
  // progress reports wait in memory for their batch: the last batch is written before the database closes
  http.addHook('onClose', () => study.stop());
  const courseServices = {
    courses,
    collections,
    comments: new CommentService(p, courses, users),
    learn: new LearnService(p, courses, entitlement, study, collections),
    courseAdmin: new CourseAdminService(courses, entitlement, users),
  };
  const notes = new NoteService(p, entitlement, courses);
  const vod = new VodService(p);
  vod.registerJobs();
  // a ready video gives its length to every lesson showing it
  vod.onVideoReady((siteId, videoId, durationSec) => courses.onVideoReady(siteId, videoId, durationSec));
  const vodPlay = new VodPlayService(p, vod, entitlement, users);
  const videoUploads = new VideoUploadService(p, vod, users);
  videoUploads.registerJobs();
  const studio = registerStudio(on, p, {
    users,
    messages,
    courses,
    vod,
    uploads: videoUploads,
    publisher: new CoursePublishService(p, courses),
    study,
  });
  const userExt = {
    bank: new BankAccountService(p, users, smsCodes),
    research: new ResearchService(p),
    referral: new ReferralService(p),
    face: new FaceService(p),
    admin: new UserAdminService(p, sessions, lecturers),
  };

  systemRoutes(on, system, upload, users);
  systemAdminRoutes(on, systemAdmin, system, upload);
  adminRoutes(on, admins, secureCookies);
  userRoutes(on, userAuth, users, captcha, smsCodes, secureCookies);
  qrLoginRoutes(on, qrLogin, loginCookie(secureCookies), p.config.publicUrl);
  const wechat = p.config.wechatLogin;
  if (wechat.provider === 'mp') await wechatCallbackRoutes(http, qrLogin, wechat.token);
  userExtRoutes(on, userExt, p.config.publicUrl);
  messageRoutes(on, messages, messageAdmin);
  lecturerRoutes(on, lecturers, lecturerAdmin);
  feedbackRoutes(on, feedback);
  courseRoutes(on, courseServices);
  accessoryFileRoute(http, courseServices.learn, p.storage);
  studyRoutes(on, study, notes, sessions);
  vodRoutes(on, vodPlay);
  vodMediaRoutes(http, vodPlay);
  uploadRoutes(on, videoUploads);
  const exam = registerExam(on, http, p, { users, messages, entitlement, vod });
  const payGateways = registerPay(on, p);
  const money = registerLedger(on, p, { users, bank: userExt.bank, codes: smsCodes, messages });
  const order = await registerOrder(on, http, p, {
    users,
    courses,
    entitlement,
    messages,
    ledger: money.ledger,
    gateways: payGateways,
  });

  return {
    users,
    userAuth,
    captcha,
    smsCodes,
    system,
    systemAdmin,
    upload,
    admins,
    sessions,
    qrLogin,
    messages,
    messageAdmin,
    lecturers,
    lecturerAdmin,
    feedback,
    ...userExt,
    userAdmin: userExt.admin,
    entitlement,
    ...courseServices,
    study,
    notes,
    vod,
    vodPlay,
    videoUploads,
    studio,
    exam,
    payGateways,
    ledger: money.ledger,
    extracts: money.extracts,
    order,
  };
}
