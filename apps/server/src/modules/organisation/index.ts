import type { ModuleContext } from '../module.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { OrgService } from './org.service.ts';
import { orgRoutes } from './org.routes.ts';

export interface OrganisationDeps {
  users: UserService;
  messages: MessageService;
}

/** Organisations (userType 3): their lecturers, the organisation centre and the public school page (decision 47). */
export function registerOrganisation({ on, p }: ModuleContext, { users, messages }: OrganisationDeps) {
  const orgs = new OrgService(p, users, messages);
  orgRoutes(on, orgs);
  return { orgs };
}
