import {
  AuditStatus,
  LiveStatus,
  type TAttentionItem,
  type TLecturerAudit,
  type TLecturerPublic,
  type TLecturerSelf,
} from '#contract/lecturer.ts';
import type { TPageQuery } from '#contract/call.ts';
import { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import type { AccountSwitch } from '../user/user-admin.service.ts';
import { lecturerRepo, type LecturerRepo, type LecturerRow, type Profile } from './lecturer.repo.ts';
import { mayApply, mayEditApplication, ownLecturer } from './lecturer.policy.ts';
import { presentAttention, presentAudit, presentPublic, presentSelf } from './lecturer.presenter.ts';

/**
 * Becoming a lecturer (apply, see the audit, edit and resubmit), the live-class permission, the public
 * lecturer pages and following lecturers. Approval itself is the administrator's (LecturerAdminService).
 */
export class LecturerService {
  readonly repo: LecturerRepo;
  private readonly users: UserService;
  constructor(p: Platform, users: UserService) {
    this.repo = lecturerRepo(p.db);
    this.users = users;
  }

  async apply(siteId: bigint, userId: bigint, fields: Profile): Promise<TLecturerAudit> {
    const user = await this.users.brief(siteId, userId);
    const existing = await this.repo.auditByUser(siteId, userId);
    mayApply(user, existing);
    const profile = { ...fields, lecturerMobile: fields.lecturerMobile || user.mobile };
    const row = existing
      ? await this.repo.updateAudit(
          siteId,
          existing.id,
          { ...profile, auditStatus: AuditStatus.PENDING, auditOpinion: '', auditTime: null },
          AuditStatus.REJECTED,
        )
      : await this.repo.insertAudit(siteId, userId, profile);
    if (!row) throw fail('您的申请正在审核中，请耐心等待（一般 7 个工作日内）');
    return presentAudit(row);
  }

  async auditView(siteId: bigint, userId: bigint): Promise<TLecturerAudit | null> {
    const row = await this.repo.auditByUser(siteId, userId);
    return row ? presentAudit(row) : null;
  }

  /** Edits go back to the administrator; a lecturer's published page keeps the approved version meanwhile. */
  async auditUpdate(siteId: bigint, userId: bigint, fields: Profile): Promise<TLecturerAudit> {
    const [existing, user] = await Promise.all([
      this.repo.auditByUser(siteId, userId),
      this.users.brief(siteId, userId),
    ]);
    const profile = { ...fields, lecturerMobile: fields.lecturerMobile || user.mobile };
    // a lecturer the administrator appointed directly has no application yet: the first edit starts one
    mayEditApplication(user, existing);
    const row = existing
      ? await this.repo.updateAudit(siteId, existing.id, {
          ...profile,
          auditStatus: AuditStatus.PENDING,
          auditOpinion: '',
          auditTime: null,
        })
      : await this.repo.insertAudit(siteId, userId, profile);
    if (!row) throw fail('资料已提交，请刷新后查看');
    return presentAudit(row);
  }

  async applyLive(siteId: bigint, userId: bigint, reason: string): Promise<TLecturerSelf> {
    const own = await this.ownLecturer(siteId, userId, '成为讲师后才能申请开通直播');
    if (own.liveStatus === LiveStatus.OPEN) throw fail('您已开通直播，无需再次申请');
    if (own.liveStatus === LiveStatus.PENDING) throw fail('您的直播申请正在审核中，请耐心等待');
    const row = await this.repo.update(
      siteId,
      own.id,
      { liveStatus: LiveStatus.PENDING, liveReason: reason, liveOpinion: '' },
      own.liveStatus,
    );
    if (!row) throw fail('您的直播申请正在审核中，请耐心等待');
    return this.self(row);
  }

  /**
   * Authoring live courses and broadcasting are opened by the administrator's approval of the lecturer's
   * application (applyLive); the refusal says where to apply.
   */
  async mustTeachLive(siteId: bigint, userId: bigint): Promise<void> {
    const me = await this.ownLecturer(siteId, userId, '您还不是讲师，可以先申请成为讲师');
    if (me.liveStatus === LiveStatus.OPEN) return;
    throw fail(
      me.liveStatus === LiveStatus.PENDING
        ? '您的直播申请正在审核中，审核通过后即可创建直播课程和开播'
        : '您还没有开通直播授课：请在“讲师信息”页申请开通直播，审核通过后即可创建直播课程和开播',
    );
  }

  async selfView(siteId: bigint, userId: bigint): Promise<TLecturerSelf> {
    return this.self(await this.ownLecturer(siteId, userId, '您还不是讲师，可以先申请成为讲师'));
  }

  /**
   * A listed lecturer's public page, by the lecturer's id or by the user id of the lecturer: papers and classes name
   * their lecturer by user, and their links lead to the same page.
   */
  async publicView(siteId: bigint, id: string): Promise<TLecturerPublic> {
    const row = await this.listed(siteId, id, true);
    const counts = await this.repo.attentionCounts(siteId, [row.id]);
    return presentPublic(row, counts.get(row.id) ?? 0);
  }

  async publicList(siteId: bigint, q: TPageQuery & { lecturerName: string }): Promise<Page<TLecturerPublic>> {
    const { rows, total } = await this.repo.listedPage(siteId, q);
    const counts = await this.repo.attentionCounts(
      siteId,
      rows.map((r) => r.id),
    );
    return toPage(rows, total, q, (r) => presentPublic(r, counts.get(r.id) ?? 0));
  }

  async follow(siteId: bigint, userId: bigint, lecturerId: string): Promise<{ isAttention: 1 }> {
    const row = await this.listed(siteId, lecturerId);
    if (row.userId === userId) throw fail('不能关注自己');
    await this.repo.follow(siteId, userId, row.id);
    return { isAttention: 1 };
  }

  async unfollow(siteId: bigint, userId: bigint, lecturerId: string): Promise<null> {
    if (!(await this.repo.unfollow(siteId, userId, BigInt(lecturerId)))) throw fail('您还没有关注该讲师');
    return null;
  }

  async isFollowing(siteId: bigint, userId: bigint, lecturerId: string): Promise<{ isAttention: number }> {
    return { isAttention: (await this.repo.isFollowing(siteId, userId, BigInt(lecturerId))) ? 1 : 0 };
  }

  async following(siteId: bigint, userId: bigint, q: TPageQuery): Promise<Page<TAttentionItem>> {
    const { rows, total } = await this.repo.followPage(siteId, userId, q);
    return toPage(rows, total, q, presentAttention);
  }

  /** The administrator made someone a lecturer directly: give them a page from their account details. */
  async ensureProfile(siteId: bigint, userId: bigint): Promise<void> {
    if (await this.repo.byUser(siteId, userId)) return this.repo.setListed(siteId, userId, true);
    const user = await this.users.brief(siteId, userId);
    await this.repo.publish(siteId, userId, {
      lecturerName: user.nickname || `讲师${user.mobile.slice(-4)}`,
      lecturerMobile: user.mobile,
      lecturerEmail: '',
      position: '讲师',
      headImgUrl: user.headImgUrl,
      introduce: '',
    });
  }

  /**
   * A lecturer's public page follows the account: listed only while the user is enabled and of type lecturer; a
   * user made a lecturer gets a profile from the account.
   */
  followAccount(s: AccountSwitch): Promise<void> {
    if (s.switched === 'statusId')
      return this.setListed(s.siteId, s.userId, s.statusId === 1 && s.userType === UserType.LECTURER);
    if (s.userType === UserType.LECTURER && s.statusId === 1) return this.ensureProfile(s.siteId, s.userId);
    return this.setListed(s.siteId, s.userId, false);
  }

  setListed(siteId: bigint, userId: bigint, listed: boolean): Promise<void> {
    return this.repo.setListed(siteId, userId, listed);
  }

  async self(row: LecturerRow): Promise<TLecturerSelf> {
    const counts = await this.repo.attentionCounts(row.siteId, [row.id]);
    return presentSelf(row, counts.get(row.id) ?? 0);
  }

  private async listed(siteId: bigint, id: string, orUser = false): Promise<LecturerRow> {
    const row =
      (await this.repo.byId(siteId, BigInt(id))) ?? (orUser ? await this.repo.byUser(siteId, BigInt(id)) : undefined);
    if (!row || row.statusId !== 1) throw notFound('讲师');
    return row;
  }

  private async ownLecturer(siteId: bigint, userId: bigint, refusal: string): Promise<LecturerRow> {
    const [user, row] = await Promise.all([this.users.brief(siteId, userId), this.repo.byUser(siteId, userId)]);
    return ownLecturer(user, row, refusal);
  }
}
