import { and, eq } from 'drizzle-orm';
import { UserType } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/password.ts';
import { user } from '../schema/user.ts';
import { lecturer, lecturerAudit } from '../schema/lecturer.ts';
import { msg, msgUser } from '../schema/message.ts';
import { feedbackLog } from '../schema/feedback.ts';
import { DEMO_PASSWORD } from './accounts.seed.ts';
import { avatarSvg, putSvg } from './images.ts';
import type { Seeder } from './seed.ts';

const LECTURERS = [
  {
    mobile: '13800000002',
    lecturerName: '王老师',
    position: '高级讲师 · 前端技术负责人',
    introduce:
      '十年 Web 开发经验，曾任互联网公司前端技术负责人，主讲 JavaScript、TypeScript 与 React 系列课程，擅长把复杂概念讲得通俗易懂。',
    color: '#16a085',
  },
  {
    mobile: '13800000004',
    nickname: '李老师',
    lecturerName: '李老师',
    position: '数据分析讲师',
    introduce:
      '统计学硕士，多年金融行业数据分析实战经验，主讲 Excel、SQL 与 Python 数据分析课程，带领数千名学员完成职场转型。',
    color: '#2980b9',
  },
] as const;

const STUDENT = '13800000001';

/** Lecturers with public pages, a pending application, the student's messages and an answered feedback. */
export const peopleSeeder: Seeder = {
  name: 'people.demo',
  async run(p: Platform, { siteId }) {
    const byMobile = async (mobile: string) =>
      (
        await p.db
          .select()
          .from(user)
          .where(and(eq(user.siteId, siteId), eq(user.mobile, mobile)))
          .limit(1)
      )[0];

    // the demo password's hash is taken from the student, so this seeder needs no slow hashing of its own
    const passwordHash = (await byMobile(STUDENT))?.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
    for (const [i, l] of LECTURERS.entries()) {
      if ('nickname' in l) {
        await p.db
          .insert(user)
          .values({
            id: newId(),
            siteId,
            mobile: l.mobile,
            passwordHash,
            nickname: l.nickname,
            userType: UserType.LECTURER,
            referralCode: `DEMO${4 + i}`,
          })
          .onConflictDoNothing();
      }
      const u = await byMobile(l.mobile);
      if (!u) continue;
      await p.db.update(user).set({ userType: UserType.LECTURER }).where(eq(user.id, u.id));
      const headImgUrl = await putSvg(p, `demo/lecturer-${i + 1}.svg`, avatarSvg(l.lecturerName.slice(0, 1), l.color));
      const profile = {
        lecturerName: l.lecturerName,
        lecturerMobile: l.mobile,
        position: l.position,
        headImgUrl,
        introduce: l.introduce,
      };
      await p.db
        .insert(lecturerAudit)
        .values({
          ...profile,
          id: newId(),
          siteId,
          userId: u.id,
          auditStatus: 1,
          auditOpinion: '资料完整，欢迎加入',
          auditTime: new Date(),
        })
        .onConflictDoNothing();
      await p.db
        .insert(lecturer)
        .values({ ...profile, id: newId(), siteId, userId: u.id, sort: i + 1, liveStatus: i === 0 ? 2 : 0 })
        .onConflictDoNothing();
    }

    const student = await byMobile(STUDENT);
    if (!student) return;
    await p.db
      .insert(lecturerAudit)
      .values({
        id: newId(),
        siteId,
        userId: student.id,
        lecturerName: '小青老师',
        lecturerMobile: STUDENT,
        position: '英语讲师',
        introduce: '英语专业八级，三年线下少儿英语教学经验，希望在青课分享英语启蒙课程。',
      })
      .onConflictDoNothing();

    const hour = 60 * 60_000;
    const messages = [
      {
        title: '欢迎来到青课网校',
        text: '感谢注册青课！完善个人资料、关注喜欢的讲师，开始你的学习之旅吧。',
        ago: 72 * hour,
        read: true,
      },
      {
        title: '讲师申请已提交',
        text: '您的讲师申请已提交，我们会在 7 个工作日内完成审核，请留意站内消息。',
        ago: 24 * hour,
        read: true,
      },
      {
        title: '新课上线提醒',
        text: '王老师的《TypeScript 从入门到实战》已上线，关注讲师即可第一时间收到更新。',
        ago: 2 * hour,
        read: false,
      },
    ];
    for (const m of messages) {
      const at = new Date(Date.now() - m.ago);
      const msgId = newId();
      await p.db.insert(msg).values({
        id: msgId,
        siteId,
        msgTitle: m.title,
        msgText: m.text,
        targetKind: 'user',
        targetUserId: student.id,
        sendTime: at,
        isSend: 1,
        sentCount: 1,
        createdBy: 'system',
        gmtCreate: at,
      });
      await p.db.insert(msgUser).values({
        id: newId(),
        siteId,
        msgId,
        userId: student.id,
        isRead: m.read ? 1 : 0,
        readTime: m.read ? at : null,
        gmtCreate: at,
      });
    }

    await p.db.insert(feedbackLog).values({
      id: newId(),
      siteId,
      userId: student.id,
      feedbackType: 1,
      content: '希望视频播放页能增加倍速播放和记住播放进度的功能。',
      contact: STUDENT,
      replyText: '感谢建议！倍速播放和断点续播已在开发计划中，上线后会第一时间通知您。',
      replyTime: new Date(Date.now() - 20 * hour),
      gmtCreate: new Date(Date.now() - 48 * hour),
    });
  },
};
