import * as c from '#contract/account.ts';
import * as a from '#contract/user-admin.ts';
import type { Router } from '../../platform/http/route.ts';
import { originOf } from '../../platform/http/origin.ts';
import type { BankAccountService } from './bank-account.service.ts';
import type { ResearchService } from './research.service.ts';
import type { ReferralService } from './referral.service.ts';
import type { FaceService } from './face.service.ts';
import type { UserAdminService } from './user-admin.service.ts';

export interface UserExtServices {
  bank: BankAccountService;
  research: ResearchService;
  referral: ReferralService;
  face: FaceService;
  admin: UserAdminService;
}

/** The account area beyond login and profile: bank card, survey, referral, face checks; and the admin's user list. */
export function userExtRoutes(on: Router, s: UserExtServices, publicUrl: string | undefined): void {
  on(c.accountView, ({ site, actor }) => s.bank.view(site.id, actor.id));
  on(c.accountUpdate, ({ site, actor, body }) => s.bank.update(site.id, actor.id, body));
  on(c.researchView, ({ site, actor }) => s.research.view(site.id, actor.id));
  on(c.researchSave, ({ site, actor, body }) => s.research.save(site.id, actor.id, body));
  on(c.researchEdit, ({ site, actor, body }) => s.research.edit(site.id, actor.id, body));
  on(c.recommendedList, ({ site, actor, body }) => s.referral.referred(site.id, actor.id, body));
  on(c.sharingRecommended, ({ site, actor, req }) => s.referral.share(site.id, actor.id, originOf(req, publicUrl)));
  on(c.faceContrastCode, ({ site, actor, body, req }) =>
    s.face.start(site.id, actor.id, body.scene, originOf(req, publicUrl)),
  );
  on(c.faceContrastResult, ({ site, actor, body }) => s.face.result(site.id, actor.id, body.faceToken));
  on(c.faceContrastFail, ({ site, actor, body }) => s.face.failed(site.id, actor.id, body.faceToken, body.reason));
  on(c.faceDevVerify, ({ site, body }) => s.face.devVerify(site.id, body.faceToken, body.passed));

  on(a.adminUserPage, ({ site, body }) => s.admin.page(site.id, body));
  on(a.adminUserStatus, ({ site, body }) => s.admin.setStatus(site.id, body.id, body.statusId));
  on(a.adminUserType, ({ site, body }) => s.admin.setType(site.id, body.id, body.userType));
  on(a.adminUserRecommended, ({ site, body }) => s.admin.setRecommended(site.id, body.id, body.isRecommended));
}
