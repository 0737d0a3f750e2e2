import { AuditStatus, LiveStatus } from '#contract/lecturer.ts';
import type { TPageQuery } from '#contract/call.ts';
import { UserType } from '#contract/user.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { LecturerService } from './lecturer.service.ts';
import { presentAuditAdmin, presentLecturerAdmin } from './lecturer.presenter.ts';

/** The platform administrator's side: auditing applications and live permissions, listing lecturers. */
export class LecturerAdminService {
  private readonly lecturers: LecturerService;
  private readonly users: UserService;
  private readonly messages: MessageService;
  constructor(lecturers: LecturerService, users: UserService, messages: MessageService) {
    this.lecturers = lecturers;
    this.users = users;
    this.messages = messages;
  }

  async auditPage(siteId: bigint, q: TPageQuery & { auditStatus?: number; lecturerName: string; mobile: string }) {
    const { rows, total } = await this.lecturers.repo.auditPage(siteId, q);
    const users = await this.users.briefs(
      siteId,
      rows.map((r) => r.userId),
    );
    return toPage(rows, total, q, (r) => presentAuditAdmin(r, users.get(r.userId)));
  }

  async auditView(siteId: bigint, id: string) {
    const row = await this.lecturers.repo.auditById(siteId, BigInt(id));
    if (!row) throw notFound('讲师申请');
    return presentAuditAdmin(row, (await this.users.briefs(siteId, [row.userId])).get(row.userId));
  }

  /** Approval publishes the profile and makes the user a lecturer; either way the applicant gets a message. */
  async audit(siteId: bigint, adminId: bigint, id: string, auditStatus: 1 | 2, opinion: string) {
    const row = await this.lecturers.repo.auditById(siteId, BigInt(id));
    if (!row) throw notFound('讲师申请');
    if (row.auditStatus !== AuditStatus.PENDING) throw fail('该申请已审核，请刷新列表');
    if (auditStatus === AuditStatus.REJECTED && !opinion) throw fail('请填写不通过的原因，申请人会看到');
    const user = (await this.users.briefs(siteId, [row.userId])).get(row.userId);
    if (auditStatus === AuditStatus.APPROVED && user?.statusId !== 1) throw fail('该用户已被停用，不能通过申请');
    const done = await this.lecturers.repo.updateAudit(
      siteId,
      row.id,
      { auditStatus, auditOpinion: opinion, auditTime: new Date(), adminId },
      AuditStatus.PENDING,
    );
    if (!done) throw fail('该申请已审核，请刷新列表');
    if (auditStatus === AuditStatus.APPROVED) {
      await this.lecturers.repo.publish(siteId, row.userId, {
        lecturerName: row.lecturerName,
        lecturerMobile: row.lecturerMobile,
        lecturerEmail: row.lecturerEmail,
        position: row.position,
        headImgUrl: row.headImgUrl,
        introduce: row.introduce,
      });
      await this.users.setUserType(siteId, row.userId, UserType.LECTURER);
      await this.messages.send(
        siteId,
        row.userId,
        '讲师申请已通过',
        `恭喜！您的讲师资料已审核通过${opinion ? `（${opinion}）` : ''}，现在可以在讲师中心发布课程了。`,
      );
    } else {
      await this.messages.send(
        siteId,
        row.userId,
        '讲师申请未通过',
        `您的讲师资料未通过审核：${opinion}。请修改后重新提交。`,
      );
    }
    return presentAuditAdmin(done, user);
  }

  async lecturerPage(siteId: bigint, q: TPageQuery & { lecturerName: string; liveStatus?: number }) {
    const { rows, total } = await this.lecturers.repo.adminPage(siteId, q);
    const [users, counts] = await Promise.all([
      this.users.briefs(
        siteId,
        rows.map((r) => r.userId),
      ),
      this.lecturers.repo.attentionCounts(
        siteId,
        rows.map((r) => r.id),
      ),
    ]);
    return toPage(rows, total, q, (r) => presentLecturerAdmin(r, counts.get(r.id) ?? 0, users.get(r.userId)));
  }

  async liveAudit(siteId: bigint, id: string, auditStatus: 1 | 2, opinion: string) {
    const row = await this.lecturers.repo.byId(siteId, BigInt(id));
    if (!row) throw notFound('讲师');
    if (row.liveStatus !== LiveStatus.PENDING) throw fail('该直播申请已处理，请刷新列表');
    if (auditStatus === AuditStatus.REJECTED && !opinion) throw fail('请填写不通过的原因，讲师会看到');
    const liveStatus = auditStatus === AuditStatus.APPROVED ? LiveStatus.OPEN : LiveStatus.REFUSED;
    const done = await this.lecturers.repo.update(
      siteId,
      row.id,
      { liveStatus, liveOpinion: opinion },
      LiveStatus.PENDING,
    );
    if (!done) throw fail('该直播申请已处理，请刷新列表');
    await this.messages.send(
      siteId,
      row.userId,
      liveStatus === LiveStatus.OPEN ? '直播权限已开通' : '直播申请未通过',
      liveStatus === LiveStatus.OPEN
        ? '您的直播申请已通过，现在可以创建直播课了。'
        : `您的直播申请未通过：${opinion}。`,
    );
    const counts = await this.lecturers.repo.attentionCounts(siteId, [row.id]);
    return presentLecturerAdmin(
      done,
      counts.get(row.id) ?? 0,
      (await this.users.briefs(siteId, [row.userId])).get(row.userId),
    );
  }
}
