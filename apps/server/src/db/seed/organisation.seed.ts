import { and, eq, inArray } from 'drizzle-orm';
import { OrgRelationStatus } from '#contract/organisation.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { orgLecturer, orgProfile } from '../schema/organisation.ts';
import { terracePage } from '../schema/marketing.ts';
import { user } from '../schema/user.ts';
import type { Seeder } from './seed.ts';

export const DEMO_ORG = { mobile: '13800000003', lecturer: '13800000004', orgName: '青课教育机构' } as const;

/** The platform introduction pages of /terrace/:id, in their order. */
export const DEMO_TERRACE = [
  {
    title: '关于青课',
    summary: '青课是一所开源的在线学校，课程、考试、班级和社区都在这里。',
    content:
      '<h2>我们是谁</h2><p>青课是一所开源的在线学校：录播课、直播课、资源与文库、班级、考试题库和学习社区，都在同一个站点里。</p><h2>我们的目标</h2><p>让每一位想学的人都能找到好老师，让每一位好老师都能把课讲给更多人听。</p>',
  },
  {
    title: '讲师与机构入驻',
    summary: '个人讲师申请入驻，机构邀请讲师加入，一起在青课开课。',
    content:
      '<h2>个人讲师</h2><p>注册后在“个人中心 - 讲师入驻”提交资料，审核通过即可创建课程、上传视频、出题组卷。</p><h2>机构</h2><p>机构账号可在“机构中心”按手机号邀请讲师加入，查看讲师的课程、班级、考试和销售，并拥有自己的机构主页。</p>',
  },
];

/**
 * The demo organisation (13800000003): its school page, and 李老师 teaching for it since the seed ran, so its
 * centre and school page show his courses; 王老师 is left free for the organisation to invite. Also the platform
 * introduction pages.
 */
export const organisationSeeder: Seeder = {
  name: 'organisation.demo',
  async run(p: Platform, { siteId }) {
    const people = await p.db
      .select({ id: user.id, mobile: user.mobile })
      .from(user)
      .where(and(eq(user.siteId, siteId), inArray(user.mobile, [DEMO_ORG.mobile, DEMO_ORG.lecturer])));
    const org = people.find((u) => u.mobile === DEMO_ORG.mobile);
    const lecturer = people.find((u) => u.mobile === DEMO_ORG.lecturer);
    if (org && lecturer) {
      await p.db
        .insert(orgProfile)
        .values({
          id: newId(),
          siteId,
          userId: org.id,
          orgName: DEMO_ORG.orgName,
          summary: '专注 IT 职业教育十年，课程覆盖前端、后端与数据分析。',
          introduce:
            '<p>青课教育机构是一家专注 IT 职业教育的培训机构，讲师均有多年一线开发经验。</p><p>我们的课程从入门到项目实战，配套班级答疑和阶段考试。</p>',
        })
        .onConflictDoNothing();
      await p.db
        .insert(orgLecturer)
        .values({
          id: newId(),
          siteId,
          orgUserId: org.id,
          lecturerUserId: lecturer.id,
          status: OrgRelationStatus.ACCEPTED,
          remark: '欢迎加入青课教育机构',
          // before the demo orders, so the centre's sales show his past sales as the organisation's
          answerTime: new Date(Date.now() - 400 * 86_400_000),
        })
        .onConflictDoNothing();
    }
    await p.db.insert(terracePage).values(DEMO_TERRACE.map((t, i) => ({ ...t, id: newId(), siteId, sort: i + 1 })));
  },
};
