import type { ModuleContext } from '../module.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserAdminService } from '../user/user-admin.service.ts';
import type { UserService } from '../user/user.service.ts';
import { LecturerService } from './lecturer.service.ts';
import { LecturerAdminService } from './lecturer-admin.service.ts';
import { lecturerRoutes } from './lecturer.routes.ts';

export interface LecturerDeps {
  users: UserService;
  userAdmin: UserAdminService;
  messages: MessageService;
}
export type LecturerServices = ReturnType<typeof registerLecturer>;

/** Lecturers: applications and their audit, public profiles; a profile follows its account's switches. */
export function registerLecturer({ on, p }: ModuleContext, { users, userAdmin, messages }: LecturerDeps) {
  const lecturers = new LecturerService(p, users);
  const lecturerAdmin = new LecturerAdminService(lecturers, users, messages);
  userAdmin.onAccountSwitch((s) => lecturers.followAccount(s));
  lecturerRoutes(on, lecturers, lecturerAdmin);
  return { lecturers, lecturerAdmin };
}
