import type { TPageQuery } from '#contract/call.ts';
import { OrgRelationStatus, type TOrgCentre, type TOrgProfile, type TOrgRelation } from '#contract/organisation.ts';
import { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { orgCentreRepo, type OrgCentreRepo } from './org-centre.repo.ts';
import { isUniqueViolation, orgRepo, type OrgRelationRow, type OrgRepo } from './org.repo.ts';
import { mayBeInvited, mustBeOrganisation } from './org.policy.ts';
import {
  presentOrgCourse,
  presentOrgExam,
  presentOrgGrade,
  presentOrgProfile,
  presentOrgSale,
  presentRelation,
} from './org.presenter.ts';

const { INVITED, ACCEPTED, DECLINED, ENDED } = OrgRelationStatus;

/**
 * Organisations and the lecturers teaching for them (decision 47): an organisation invites a lecturer by mobile,
 * the lecturer accepts or declines on their lecturer page, either side ends the relation. The centre reads what
 * the teaching lecturers publish and sell.
 */
export class OrgService {
  private readonly repo: OrgRepo;
  private readonly centre: OrgCentreRepo;
  private readonly users: UserService;
  private readonly messages: MessageService;
  constructor(p: Platform, users: UserService, messages: MessageService) {
    this.repo = orgRepo(p.db);
    this.centre = orgCentreRepo(p.db);
    this.users = users;
    this.messages = messages;
  }

  private async org(siteId: bigint, userId: bigint) {
    const u = await this.users.brief(siteId, userId);
    mustBeOrganisation(u);
    return u;
  }

  private async profileOf(siteId: bigint, userId: bigint, nickname: string): Promise<TOrgProfile> {
    return presentOrgProfile(userId, await this.repo.profile(siteId, userId), nickname);
  }

  async view(siteId: bigint, userId: bigint): Promise<TOrgCentre> {
    const u = await this.org(siteId, userId);
    const [profile, byStatus, totals] = await Promise.all([
      this.profileOf(siteId, userId, u.nickname),
      this.repo.countByStatus(siteId, userId),
      this.centre.totals(siteId, userId),
    ]);
    return {
      profile,
      lecturerCount: byStatus.get(ACCEPTED) ?? 0,
      invitedCount: byStatus.get(INVITED) ?? 0,
      courseCount: totals.courses,
      gradeCount: totals.grades,
      examCount: totals.exams,
      orderCount: totals.orders,
      salesAmount: totals.amount,
    };
  }

  async saveProfile(
    siteId: bigint,
    userId: bigint,
    v: { orgName: string; logoUrl: string; summary: string; introduce: string },
  ): Promise<TOrgProfile> {
    await this.org(siteId, userId);
    return presentOrgProfile(userId, await this.repo.saveProfile(siteId, userId, v), v.orgName);
  }

  private async present(siteId: bigint, rows: OrgRelationRow[]): Promise<TOrgRelation[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.orgUserId, r.lecturerUserId]))];
    const [users, cards] = await Promise.all([
      this.users.briefs(siteId, ids),
      this.centre.lecturerCards(
        siteId,
        rows.map((r) => r.lecturerUserId),
      ),
    ]);
    const orgNames = new Map<bigint, string>();
    for (const orgId of new Set(rows.map((r) => r.orgUserId))) {
      const p = await this.repo.profile(siteId, orgId);
      orgNames.set(orgId, p?.orgName ?? users.get(orgId)?.nickname ?? '');
    }
    return rows.map((r) => {
      const u = users.get(r.lecturerUserId);
      const card = cards.get(r.lecturerUserId);
      return presentRelation(r, {
        orgName: orgNames.get(r.orgUserId) ?? '',
        lecturerName: card?.lecturerName || u?.nickname || '',
        headImgUrl: card?.headImgUrl || u?.headImgUrl || '',
        mobile: u?.mobile ?? '',
      });
    });
  }

  async invite(siteId: bigint, orgUserId: bigint, mobile: string, remark: string): Promise<TOrgRelation> {
    const org = await this.org(siteId, orgUserId);
    const invitee = await this.users.findByMobile(siteId, mobile);
    mayBeInvited(invitee);
    const open = await this.repo.openOfLecturer(siteId, invitee!.id);
    const mine = open.find((r) => r.orgUserId === orgUserId);
    if (mine?.status === ACCEPTED) throw fail('该讲师已在本机构任教');
    if (mine) throw fail('已邀请过该讲师，请等待对方接受');
    if (open.some((r) => r.status === ACCEPTED)) throw fail('该讲师已在其他机构任教，需对方先解除后才能邀请');
    const row = await this.repo.invite(siteId, orgUserId, invitee!.id, remark);
    if (!row) throw fail('已邀请过该讲师，请等待对方接受');
    const name = (await this.profileOf(siteId, orgUserId, org.nickname)).orgName;
    await this.messages.send(
      siteId,
      invitee!.id,
      `${name}邀请您加入机构任教`,
      `${name}邀请您以讲师身份加入机构${remark ? `：${remark}` : ''}。请到“个人中心 - 讲师信息”中接受或拒绝。`,
    );
    return (await this.present(siteId, [row]))[0]!;
  }

  async page(siteId: bigint, orgUserId: bigint, q: TPageQuery & { status?: number }): Promise<Page<TOrgRelation>> {
    await this.org(siteId, orgUserId);
    const { rows, total } = await this.repo.page(siteId, orgUserId, q);
    const list = await this.present(siteId, rows);
    return toPage(list, total, q, (r) => r);
  }

  /** The lecturer's invitations waiting and the organisation they teach for. */
  async invitations(siteId: bigint, userId: bigint): Promise<TOrgRelation[]> {
    return this.present(siteId, await this.repo.openOfLecturer(siteId, userId));
  }

  async answer(siteId: bigint, userId: bigint, id: string, accept: boolean): Promise<TOrgRelation> {
    const row = await this.repo.relation(siteId, BigInt(id));
    if (!row || row.lecturerUserId !== userId) throw notFound('邀请');
    if (row.status !== INVITED) throw fail('该邀请已处理过了');
    const me = await this.users.brief(siteId, userId);
    if (accept && me.userType !== UserType.LECTURER) throw fail('只有讲师可以接受机构邀请');
    let moved: OrgRelationRow | undefined;
    try {
      moved = await this.repo.move(siteId, row.id, [INVITED], accept ? ACCEPTED : DECLINED);
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('您已在其他机构任教，请先解除后再接受');
      throw err;
    }
    if (!moved) throw fail('该邀请已处理过了');
    const who = me.nickname || me.mobile;
    await this.messages.send(
      siteId,
      row.orgUserId,
      accept ? `${who}已接受机构邀请` : `${who}拒绝了机构邀请`,
      accept
        ? `讲师${who}已加入机构，其课程、班级和试卷会出现在机构中心和机构主页。`
        : `讲师${who}拒绝了加入机构的邀请。`,
    );
    return (await this.present(siteId, [moved]))[0]!;
  }

  /** The organisation withdraws an invitation or ends a relation; the lecturer leaves. */
  async end(siteId: bigint, userId: bigint, id: string): Promise<TOrgRelation> {
    const row = await this.repo.relation(siteId, BigInt(id));
    if (!row || (row.orgUserId !== userId && row.lecturerUserId !== userId)) throw notFound('任教关系');
    const moved = await this.repo.move(siteId, row.id, [INVITED, ACCEPTED], ENDED);
    if (!moved) throw fail('该关系已结束');
    const other = row.orgUserId === userId ? row.lecturerUserId : row.orgUserId;
    if (row.status === ACCEPTED) {
      await this.messages.send(siteId, other, '机构任教关系已解除', '您与机构的任教关系已解除。');
    }
    return (await this.present(siteId, [moved]))[0]!;
  }

  async courses(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
    await this.org(siteId, orgUserId);
    const { rows, total } = await this.centre.courses(siteId, orgUserId, q, false);
    return toPage(rows, total, q, presentOrgCourse);
  }
  async grades(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
    await this.org(siteId, orgUserId);
    const { rows, total } = await this.centre.grades(siteId, orgUserId, q);
    return toPage(rows, total, q, presentOrgGrade);
  }
  async exams(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
    await this.org(siteId, orgUserId);
    const { rows, total } = await this.centre.exams(siteId, orgUserId, q);
    return toPage(rows, total, q, presentOrgExam);
  }
  async sales(siteId: bigint, orgUserId: bigint, q: TPageQuery) {
    await this.org(siteId, orgUserId);
    const { rows, total } = await this.centre.sales(siteId, orgUserId, q);
    return toPage(rows, total, q, presentOrgSale);
  }

  /** The public school page: an active organisation account, its introduction and its teaching lecturers. */
  async school(siteId: bigint, id: string) {
    const orgUserId = BigInt(id);
    const u = (await this.users.briefs(siteId, [orgUserId])).get(orgUserId);
    if (!u || u.userType !== UserType.ORGANISATION || u.statusId !== 1) throw notFound('机构');
    const [profile, lecturers, courses] = await Promise.all([
      this.profileOf(siteId, orgUserId, u.nickname),
      this.centre.lecturers(siteId, orgUserId),
      this.centre.courses(siteId, orgUserId, { pageCurrent: 1, pageSize: 1 }, true),
    ]);
    return {
      ...profile,
      lecturers: lecturers.map((l) => ({
        id: String(l.id),
        lecturerName: l.lecturerName,
        headImgUrl: l.headImgUrl,
        position: l.position,
      })),
      courseCount: courses.total,
    };
  }

  async schools(siteId: bigint) {
    const rows = await this.repo.schools(siteId, 500);
    return rows.map(({ p }) => {
      const { introduce: _i, ...brief } = presentOrgProfile(p.userId, p, p.orgName);
      return brief;
    });
  }

  async schoolCourses(siteId: bigint, id: string, q: TPageQuery) {
    await this.school(siteId, id);
    const { rows, total } = await this.centre.courses(siteId, BigInt(id), q, true);
    return toPage(rows, total, q, (r) => {
      const { isPutaway: _p, statusId: _s, ...brief } = presentOrgCourse(r);
      return brief;
    });
  }
}
