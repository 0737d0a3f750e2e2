import type { TPageQuery } from '#contract/call.ts';
import {
  ApplyStatus,
  GradeRelation,
  JoinRule,
  LeaveType,
  type TGradeApply,
  type TGradeStudent,
} from '#contract/grade.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { AppError, fail, notFound } from '../../platform/http/errors.ts';
import { mayKick, mustBeTeacher, mustManage } from './grade.policy.ts';
import { presentApply, presentStudent } from './grade.presenter.ts';
import { gradeRepo, type GradeRow } from './grade.repo.ts';
import type { GradeService } from './grade.service.ts';

export const FULL_MSG = '班级人数已满';

/**
 * Who is in a class: joining (open, with the code, or by application), the teacher adding members, applications
 * and their audit, quitting, kicking out and class admins. A member's class courses open and close with
 * membership: every removal is announced to the entitlement answers kept in memory.
 */
export class GradeMemberService {
  private readonly p: Platform;
  private readonly grades: GradeService;
  constructor(p: Platform, grades: GradeService) {
    this.p = p;
    this.grades = grades;
  }
  private get d() {
    return this.grades.d;
  }
  private get repo() {
    return this.grades.repo;
  }

  /**
   * Seats the user in the class in one transaction (refuses when it is full), then announces that the class's
   * courses are open to one more member (GradeService.announceOpened).
   */
  async seat(siteId: bigint, gradeId: bigint, userId: bigint, then?: (tx: Db) => Promise<unknown>) {
    const row = await this.seatUnannounced(siteId, gradeId, userId, then);
    await this.grades.announceOpened();
    return row;
  }

  /** `seat` without its announcement, for a caller seating many members, which announces once when done. */
  async seatUnannounced(siteId: bigint, gradeId: bigint, userId: bigint, then?: (tx: Db) => Promise<unknown>) {
    return withTransaction(this.p.db, async (tx) => {
      const repo = gradeRepo(tx);
      if (!(await repo.takeSeat(siteId, gradeId))) throw fail(FULL_MSG);
      const row = await repo.addMember(siteId, gradeId, userId);
      if (then) await then(tx);
      return row;
    });
  }

  private refuseEnded(g: GradeRow): void {
    if (g.endTime.getTime() <= Date.now()) throw fail('班级已结束，不能再加入');
  }

  /** The learner joins: at once when open or with the right code, otherwise by an application. */
  async join(siteId: bigint, userId: bigint, b: { gradeId: string; invitationCode: string; applyRemark: string }) {
    const { g, relation } = await this.grades.withRelation(siteId, BigInt(b.gradeId), userId);
    if (relation === GradeRelation.TEACHER) throw fail('您是这个班级的班主任，无需加入');
    if (relation !== GradeRelation.NONE) throw fail('您已是这个班级的成员');
    this.refuseEnded(g);
    const code = b.invitationCode.toUpperCase();
    const codeOk = code !== '' && code === g.invitationCode;
    if (g.joinRule === JoinRule.CODE && !codeOk)
      throw fail(code ? '邀请码不正确，请向班主任确认' : '这个班级凭邀请码加入，请填写邀请码');
    if (g.joinRule === JoinRule.APPLY && !codeOk) {
      if (code) throw fail('邀请码不正确，请向班主任确认，或不填邀请码直接申请');
      const applied = await this.repo.apply(siteId, g.id, userId, b.applyRemark);
      if (!applied) throw fail('您的申请正在审核中，请耐心等待');
      return { joined: 0, applyStatus: ApplyStatus.PENDING };
    }
    await this.seat(siteId, g.id, userId);
    return { joined: 1, applyStatus: 0 };
  }

  /** The teacher adds a registered user by mobile. */
  async add(siteId: bigint, userId: bigint, gradeId: bigint, mobile: string): Promise<TGradeStudent> {
    const { g, relation } = await this.grades.withRelation(siteId, gradeId, userId);
    mustBeTeacher(relation);
    this.refuseEnded(g);
    const refusal = await this.refusalFor(siteId, g, mobile);
    if (typeof refusal === 'string') throw fail(refusal);
    const row = await this.seat(siteId, g.id, refusal.id);
    return presentStudent(row, refusal, true);
  }

  /** Why this mobile cannot be added, or the user to add. */
  async refusalFor(siteId: bigint, g: GradeRow, mobile: string) {
    const u = await this.d.users.findByMobile(siteId, mobile);
    if (!u || u.statusId !== 1) return '该手机号尚未注册，请对方先注册';
    if (u.id === g.lecturerUserId) return '这是班主任本人';
    const m = await this.repo.membership(siteId, g.id, u.id);
    if (m?.statusId === 1) return '已是班级成员';
    return u;
  }

  async quit(siteId: bigint, userId: bigint, gradeId: bigint): Promise<null> {
    const { member, relation } = await this.grades.withRelation(siteId, gradeId, userId);
    if (relation === GradeRelation.TEACHER) throw fail('班主任不能退出班级，如需结束请解散班级');
    if (!member || relation === GradeRelation.NONE) throw fail('您不是这个班级的成员');
    await this.leave(siteId, member.id, gradeId, LeaveType.QUIT);
    return null;
  }

  private async leave(siteId: bigint, memberId: bigint, gradeId: bigint, leaveType: number) {
    const left = await withTransaction(this.p.db, async (tx) => {
      const repo = gradeRepo(tx);
      const row = await repo.leave(siteId, memberId, leaveType);
      if (row) await repo.freeSeat(siteId, gradeId);
      return row;
    });
    if (!left) throw fail('该学员已不在班级中');
    // the class's courses close at the member's next request, in every process
    await this.d.entitlement.announceRevoked();
    return left;
  }

  async kick(siteId: bigint, userId: bigint, memberId: bigint): Promise<null> {
    const target = await this.repo.memberById(siteId, memberId);
    if (!target || target.statusId !== 1) throw notFound('班级成员');
    const { g, relation } = await this.grades.withRelation(siteId, target.gradeId, userId);
    mayKick(relation, target, userId);
    await this.leave(siteId, target.id, g.id, LeaveType.KICKED);
    await this.d.messages.send(
      siteId,
      target.userId,
      '您已被移出班级',
      `您已被移出班级「${g.gradeName}」，班级课程不再开放。如有疑问请联系班主任。`,
    );
    return null;
  }

  async setRole(siteId: bigint, userId: bigint, memberId: bigint, role: number): Promise<TGradeStudent> {
    const target = await this.repo.memberById(siteId, memberId);
    if (!target || target.statusId !== 1) throw notFound('班级成员');
    const { relation } = await this.grades.withRelation(siteId, target.gradeId, userId);
    mustBeTeacher(relation);
    const row = await this.repo.setRole(siteId, memberId, role);
    if (!row) throw notFound('班级成员');
    return presentStudent(row, (await this.d.users.briefs(siteId, [row.userId])).get(row.userId), true);
  }

  async students(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { gradeId: string; role: number; keyword: string },
  ): Promise<Page<TGradeStudent>> {
    const { g, relation } = await this.grades.withRelation(siteId, BigInt(q.gradeId), userId);
    mustManage(relation);
    const { rows, total } = await this.repo.memberPage(siteId, BigInt(q.gradeId), q.role, q, q.keyword, g.studentCount);
    const users = await this.d.users.briefs(
      siteId,
      rows.map((r) => r.userId),
    );
    const whole = relation === GradeRelation.TEACHER;
    return toPage(rows, total, q, (r) => presentStudent(r, users.get(r.userId), whole));
  }

  /* ---- applications ---- */

  async applies(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { gradeId: string; applyStatus: number },
  ): Promise<Page<TGradeApply>> {
    const { relation } = await this.grades.withRelation(siteId, BigInt(q.gradeId), userId);
    mustManage(relation);
    const { rows, total } = await this.repo.applyPage(siteId, BigInt(q.gradeId), q.applyStatus, q);
    const users = await this.d.users.briefs(
      siteId,
      rows.map((r) => r.userId),
    );
    return toPage(rows, total, q, (r) => presentApply(r, users.get(r.userId)));
  }

  async audit(siteId: bigint, userId: bigint, id: bigint, applyStatus: number, opinion: string): Promise<TGradeApply> {
    const r = await this.decideAll(siteId, userId, [id], applyStatus, opinion);
    if (r.refused.length) throw fail(r.refused[0]!.reason);
    const [row] = await this.repo.appliesByIds(siteId, [id]);
    return presentApply(row!, (await this.d.users.briefs(siteId, [row!.userId])).get(row!.userId));
  }

  batch(siteId: bigint, userId: bigint, ids: string[], applyStatus: number, opinion: string) {
    return this.decideAll(siteId, userId, ids.map(BigInt), applyStatus, opinion);
  }

  ignore(siteId: bigint, userId: bigint, ids: string[]) {
    return this.decideAll(siteId, userId, ids.map(BigInt), ApplyStatus.IGNORED, '');
  }

  /**
   * Decides each application the user may decide (the teacher or an admin of its class): approval seats the
   * applicant, in the same commit; approval and refusal are told to the applicant, an ignored one is not.
   */
  private async decideAll(siteId: bigint, userId: bigint, ids: bigint[], applyStatus: number, opinion: string) {
    const rows = new Map((await this.repo.appliesByIds(siteId, ids)).map((r) => [r.id, r]));
    const refused: { id: string; reason: string }[] = [];
    const told: { userId: bigint; title: string; text: string }[] = [];
    const allowed = new Map<bigint, GradeRow | string>();
    let done = 0;
    for (const id of ids) {
      const a = rows.get(id);
      if (!a) {
        refused.push({ id: String(id), reason: '申请不存在' });
        continue;
      }
      if (!allowed.has(a.gradeId)) {
        try {
          const { g, relation } = await this.grades.withRelation(siteId, a.gradeId, userId);
          mustManage(relation);
          allowed.set(a.gradeId, g);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          allowed.set(a.gradeId, e.message);
        }
      }
      const g = allowed.get(a.gradeId)!;
      if (typeof g === 'string') {
        refused.push({ id: String(id), reason: g });
        continue;
      }
      if (a.applyStatus !== ApplyStatus.PENDING) {
        refused.push({ id: String(id), reason: '该申请已处理' });
        continue;
      }
      try {
        if (applyStatus === ApplyStatus.APPROVED) {
          if (g.endTime.getTime() <= Date.now()) throw fail('班级已结束');
          const m = await this.repo.membership(siteId, g.id, a.userId);
          const decide = async (tx: Db) => {
            if (!(await gradeRepo(tx).decide(siteId, id, applyStatus, userId, opinion))) throw fail('该申请已处理');
          };
          if (m?.statusId === 1) await withTransaction(this.p.db, decide);
          else await this.seat(siteId, g.id, a.userId, decide);
        } else if (!(await this.repo.decide(siteId, id, applyStatus, userId, opinion))) throw fail('该申请已处理');
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        refused.push({ id: String(id), reason: e.message });
        continue;
      }
      done++;
      if (applyStatus === ApplyStatus.APPROVED)
        told.push({
          userId: a.userId,
          title: '入班申请已通过',
          text: `您已加入班级「${g.gradeName}」，可以开始学习班级课程了。`,
        });
      if (applyStatus === ApplyStatus.REFUSED)
        told.push({
          userId: a.userId,
          title: '入班申请未通过',
          text: `您加入班级「${g.gradeName}」的申请未通过${opinion ? `：${opinion}` : '。'}`,
        });
    }
    if (told.length) await this.d.messages.sendEach(siteId, told);
    return { done, refused };
  }
}
