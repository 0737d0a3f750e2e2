import { eq, sql } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { websiteNav, websiteNavArticle } from '../schema/system.ts';
import { putSvg } from './images.ts';
import { wrapTitle } from './cover-text.ts';
import type { Seeder } from './seed.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const FONT = `'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif`;

/** A 16:9 news cover: the list shows it as a thumbnail, the article page at full width. */
function newsCoverSvg(tag: string, headline: string, [from, to]: readonly [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/><circle cx="560" cy="60" r="130" fill="#fff" opacity="0.1"/><circle cx="600" cy="330" r="80" fill="#fff" opacity="0.08"/>
<rect x="40" y="48" width="${tag.length * 22 + 28}" height="36" rx="18" fill="#fff" opacity="0.22"/>
<text x="54" y="73" font-family="${FONT}" font-size="20" fill="#fff">${esc(tag)}</text>
<text x="40" y="200" font-family="${FONT}" font-size="46" font-weight="bold" fill="#fff">${esc(wrapTitle(headline, 560, 46, 1)[0] ?? '')}</text>
<text x="42" y="250" font-family="${FONT}" font-size="22" fill="#fff" opacity="0.85">青课网校 · 平台资讯</text>
</svg>`;
}

interface SeedNews {
  title: string;
  daysAgo: number;
  cover?: { tag: string; headline: string; colors: readonly [string, string] };
  body: string;
}

const NEWS: SeedNews[] = [
  {
    title: '青课网校 2.0 正式上线：学习体验全面升级',
    daysAgo: 2,
    cover: { tag: '平台公告', headline: '青课网校 2.0 上线', colors: ['#16a085', '#2c7be5'] },
    body: `<p>经过三个月的打磨，青课网校 2.0 今天正式与大家见面。新版对课程页、播放器和个人中心做了全面改版，页面打开更快，手机与电脑上的学习进度实时同步。</p>
<p>播放器新增 0.75 至 2 倍速、清晰度切换和“从上次位置继续”，笔记可以精确到秒并一键跳回对应画面；“我的学习”里按课程汇总学习时长和完成进度，学到哪一课一目了然。</p>
<p>升级过程中如遇到任何问题，欢迎通过“意见反馈”告诉我们，也可以拨打 400-800-1234 联系客服。感谢每一位学员的陪伴与建议！</p>`,
  },
  {
    title: '新课上线：《Python 数据分析实战》限时免费试学',
    daysAgo: 5,
    cover: { tag: '新课上线', headline: 'Python 数据分析实战', colors: ['#2980b9', '#6dd5fa'] },
    body: `<p>由资深数据工程师主讲的《Python 数据分析实战》已在“录播课程”上架。课程共 8 章 46 课时，从 pandas 数据清洗、matplotlib 可视化讲到完整的业务分析报告。</p>
<p>前两章全部免费开放，课程配套的数据集与代码可在课程详情页的“附件”中下载。会员用户可免费学习全部内容。</p>
<p>学完后还可以在“考试中心”参加配套的结业测评，成绩合格即可在个人中心查看学习证明。</p>`,
  },
  {
    title: '期末备考季：用好题库与错题本的三个建议',
    daysAgo: 9,
    cover: { tag: '考试季', headline: '期末备考指南', colors: ['#6f42c1', '#e83e8c'] },
    body: `<p>期末考试季临近，考试中心已更新 120 余套模拟试卷，覆盖计算机、语言、财会与职业资格等科目。我们整理了三个高效备考的小建议。</p>
<p><strong>一、先模考，再复习。</strong>用一套完整的模拟卷摸清自己的薄弱环节，比从头翻书更省时间。</p>
<p><strong>二、每天清一遍错题本。</strong>做错的题会自动归入“错题记录”，按题型筛选后反复练习，直到全部做对再移出。</p>
<p><strong>三、限时训练。</strong>正式考试有时间限制，模考时请开启计时，提前适应答题节奏。祝大家考出好成绩！</p>`,
  },
  {
    title: '系统维护公告：本周六凌晨进行服务器升级',
    daysAgo: 14,
    body: `<p>为提供更稳定的学习服务，青课网校将于本周六凌晨 2:00 至 6:00 进行服务器升级维护。维护期间网站与 App 将暂停访问，视频播放、考试与支付功能不可用。</p>
<p>维护前已开始的考试请在 1:45 之前提交，未提交的答卷系统会自动保存，恢复后可继续作答。已购买的课程与学习记录不受任何影响。</p>
<p>给您带来的不便敬请谅解，如有疑问请联系在线客服。</p>`,
  },
  {
    title: '讲师招募计划：邀请你把好课带到青课',
    daysAgo: 20,
    cover: { tag: '讲师招募', headline: '把好课带到青课', colors: ['#d35400', '#f39c12'] },
    body: `<p>青课网校面向全国招募优秀讲师，无论你是高校教师、行业专家还是某个领域的实践者，只要有好的内容，都欢迎加入。</p>
<p>讲师可以在个人中心发布录播课、资源和文库，自主设置价格；课程通过审核后即可上架销售，收益按月结算，可随时申请提现。</p>
<p>申请方式：登录后进入“个人中心 — 讲师信息”提交资料，平台将在 3 个工作日内完成审核。</p>`,
  },
  {
    title: '会员权益升级：会员专享课程新增 30 门',
    daysAgo: 27,
    body: `<p>即日起，青课会员专享课程库新增 30 门精品课程，涵盖职场技能、办公软件与考证辅导，会员在有效期内可免费学习全部专享课程。</p>
<p>新开通或续费年度会员的学员，还将获赠一次错题本导出与一套模拟试卷。开通入口在页面顶部的“会员”栏目。</p>`,
  },
];

/**
 * The information centre's demo articles: a 平台资讯 group of news, edited over the last weeks so the latest
 * comes first. Its own seeder, so a site seeded before the information centre existed gets them too.
 */
export const infoSeeder: Seeder = {
  name: 'system.info',
  async run(p, { siteId }) {
    const db = p.db;
    const [last] = await db
      .select({ sort: sql<number>`coalesce(max(${websiteNav.sort}), 0)`.mapWith(Number) })
      .from(websiteNav)
      .where(eq(websiteNav.siteId, siteId));
    const navId = newId();
    await db.insert(websiteNav).values({ id: navId, siteId, navName: '平台资讯', sort: (last?.sort ?? 0) + 1 });
    const now = Date.now();
    for (const [i, n] of NEWS.entries()) {
      const artPic = n.cover
        ? await putSvg(
            p,
            `demo/${siteId}/info-${i + 1}.svg`,
            newsCoverSvg(n.cover.tag, n.cover.headline, n.cover.colors),
          )
        : '';
      // a few hours into the day, so two articles never share a time
      const at = new Date(now - n.daysAgo * 86_400_000 - (i + 1) * 3_600_000);
      await db.insert(websiteNavArticle).values({
        id: newId(),
        siteId,
        navId,
        artTitle: n.title,
        artPic,
        artDesc: n.body.replace(/\n/g, ''),
        sort: i + 1,
        gmtCreate: at,
        gmtModified: at,
      });
    }
  },
};
