import { newId } from '../../platform/ids.ts';
import { eq } from 'drizzle-orm';
import {
  adv,
  dict,
  navBar,
  sysBanner,
  website,
  websiteLink,
  websiteNav,
  websiteNavArticle,
  zone,
} from '../schema/system.ts';
import type { Seeder } from './seed.ts';
import { advSvg, bannerSvg, logoSvg, putSvg, qrSvg } from './images.ts';

const NAV: Array<[string, string]> = [
  ['首页', '/index'],
  ['录播课程', '/list'],
  ['直播课堂', '/live'],
  ['资源中心', '/resource'],
  ['文库', '/library'],
  ['考试中心', '/exam'],
  ['班级', '/grade'],
  ['博客', '/blog'],
  ['问答', '/question'],
  ['资讯', '/info'],
  ['讲师团队', '/teachingStaff'],
  ['会员', '/vip'],
];

const FOOTER: Array<[string, Array<[string, string]>]> = [
  [
    '关于我们',
    [
      [
        '平台简介',
        '<p>青课网校是一所开放的在线学校，汇集优秀讲师的录播课、直播课、资源与文库，并提供班级、考试与题库，帮助每一位学员系统地学习。</p>',
      ],
      [
        '联系我们',
        '<p>地址：北京市海淀区中关村大街 1 号青课大厦 8 层</p><p>服务热线：400-800-1234（7×24 小时）</p><p>商务合作：bd@qingke.example</p>',
      ],
    ],
  ],
  [
    '帮助中心',
    [
      ['如何购买课程', '<p>打开课程详情页，点击“立即购买”，在收银台完成支付后即可在“我的课程”中开始学习。</p>'],
      [
        '常见问题',
        '<p><strong>视频无法播放？</strong>请刷新页面或更换浏览器，仍有问题请联系客服。</p><p><strong>可以开发票吗？</strong>可以，请在订单页联系客服申请。</p>',
      ],
    ],
  ],
  [
    '服务条款',
    [
      [
        '用户协议',
        '<p>欢迎使用青课网校。注册即表示您同意遵守本协议及相关法律法规，妥善保管账号，不得将课程内容用于商业传播。</p>',
      ],
      ['隐私政策', '<p>我们仅为提供服务收集必要信息（手机号、学习记录、订单），不会向第三方出售您的个人信息。</p>'],
    ],
  ],
];

/** The demo site: site 10 with its info, navigation, footer, links, banners, an ad, zones and dictionaries. */
export const systemSeeder: Seeder = {
  name: 'system.site',
  async run(p, { siteId, publicUrl }) {
    const db = p.db;
    const logo = await putSvg(p, `demo/${siteId}/logo.svg`, logoSvg('青课网校'));
    const mp = await putSvg(p, `demo/${siteId}/mp-qrcode.svg`, await qrSvg(`${publicUrl}/?from=mp`));
    const service = await putSvg(p, `demo/${siteId}/service-qrcode.svg`, await qrSvg(`${publicUrl}/view/service`));
    const banners = [
      ['名师好课，随时随地学', '录播、直播、资源、文库，一站式在线学习', '#16a085', '#2c7be5'],
      ['考试题库 · 错题本', '在线模考自动评分，错题自动归集，针对练习', '#6f42c1', '#e83e8c'],
      ['开通会员，畅学全站', '会员专享课程免费看，学习更省心', '#fd7e14', '#e74c3c'],
    ];
    const bannerData = [];
    for (const [i, [title, sub, from, to]] of banners.entries()) {
      const img = await putSvg(p, `demo/${siteId}/banner-${i + 1}.svg`, bannerSvg(title!, sub!, from!, to!));
      bannerData.push({ title: title!, img, url: ['/list', '/exam', '/vip'][i]!, target: '_self' as const });
    }
    const advImg = await putSvg(
      p,
      `demo/${siteId}/adv-1.svg`,
      advSvg('新学员专享', '注册即可免费学习精选公开课 →', '#0ea5e9', '#22c55e'),
    );

    await db
      .update(website)
      .set({
        siteNamePc: '青课网校',
        logo,
        ico: logo,
        keyword: '在线教育,网校,录播课程,直播课,题库,考试',
        desc: '青课网校：名师录播课、直播课、资源下载、在线考试与题库，随时随地高效学习。',
        address: '北京市海淀区中关村大街 1 号青课大厦 8 层',
        telephone: '400-800-1234',
        mpQrcode: mp,
        service1: service,
        serviceContact: '客服 QQ：800800123　邮箱：service@qingke.example',
        legalNotice: '本站课程内容版权归讲师与青课网校所有，未经许可不得转载、录制或用于商业用途。',
        copyright: `© ${new Date().getFullYear()} 青课网校 版权所有`,
        icp: '京ICP备00000000号-1',
        prn: '京公网安备',
        prnNo: '11010800000000',
      })
      .where(eq(website.siteId, siteId));

    await db
      .insert(navBar)
      .values(NAV.map(([navTitle, navUrl], i) => ({ id: newId(), siteId, navTitle, navUrl, sort: i + 1 })));
    // the standing pages date from the site's opening, so the information centre's newest-first list starts with news
    const opened = new Date(Date.now() - 60 * 86_400_000);
    for (const [i, [navName, articles]] of FOOTER.entries()) {
      const navId = newId();
      // the terms are no news: they stay in the footer only
      await db
        .insert(websiteNav)
        .values({ id: navId, siteId, navName, sort: i + 1, infoShow: navName === '服务条款' ? 0 : 1 });
      await db.insert(websiteNavArticle).values(
        articles.map(([artTitle, artDesc], j) => ({
          id: newId(),
          siteId,
          navId,
          artTitle,
          artDesc,
          sort: j + 1,
          gmtCreate: opened,
          gmtModified: opened,
        })),
      );
    }
    await db.insert(websiteLink).values(
      [
        ['教育部', 'http://www.moe.gov.cn/'],
        ['国家智慧教育平台', 'https://www.smartedu.cn/'],
        ['中国大学MOOC', 'https://www.icourse163.org/'],
      ].map(([linkName, linkUrl], i) => ({ id: newId(), siteId, linkName: linkName!, linkUrl: linkUrl!, sort: i + 1 })),
    );
    await db
      .insert(sysBanner)
      .values({ id: newId(), siteId, code: 'index', bannerGroup: 'pc', data: JSON.stringify(bannerData) });
    await db.insert(adv).values({
      id: newId(),
      siteId,
      advTitle: '新学员专享',
      advImg,
      advUrl: '/register',
      advTarget: '_self',
      sort: 1,
    });
    await db.insert(zone).values(
      [
        ['精品推荐', '编辑精选的口碑好课'],
        ['免费好课', '零门槛，马上开始学习'],
        ['职业技能', '提升职场竞争力的实用课程'],
      ].map(([zoneName, zoneDesc], i) => ({
        id: newId(),
        siteId,
        zoneName: zoneName!,
        zoneDesc: zoneDesc!,
        zoneLocation: 1,
        sort: i + 1,
      })),
    );
    await db.insert(dict).values(
      [
        ['1', '单选题'],
        ['2', '多选题'],
        ['3', '判断题'],
        ['4', '填空题'],
        ['5', '简答题'],
        ['6', '材料题'],
      ].map(([dictKey, dictValue], i) => ({
        id: newId(),
        siteId,
        dictType: 'problemKind',
        dictKey: dictKey!,
        dictValue: dictValue!,
        sort: i + 1,
      })),
    );
  },
};
