import type { ModuleContext } from '../module.ts';
import type { CourseService } from '../course/course.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { PeriodAccessCache } from '../course/index.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { FeedbackService } from './feedback.service.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { StudyService } from './study.service.ts';
import { NoteService } from './note.service.ts';
import { studyRoutes } from './study.routes.ts';

export interface DataDeps {
  users: UserService;
  messages: MessageService;
  courses: CourseService;
  entitlement: EntitlementService;
  periodAccess: PeriodAccessCache;
}
export type DataServices = ReturnType<typeof registerData>;

/** Learners' data: feedback, learning progress with its buffer, and notes. */
export function registerData({ on, p, sessions, http }: ModuleContext, d: DataDeps) {
  const feedback = new FeedbackService(p, d.users, d.messages);
  const study = new StudyService(p, d.periodAccess, d.courses);
  // a report is answered once stored: the writes still in flight end before the database closes
  http.addHook('onClose', () => study.stop());
  const notes = new NoteService(p, d.entitlement, d.courses);
  feedbackRoutes(on, feedback);
  studyRoutes(on, study, notes, sessions);
  return { feedback, study, notes };
}
