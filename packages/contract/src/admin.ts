import { z } from './zod-config.ts';
import { optionalRichText } from './rich-text.ts';
import { defineCall, Empty, Id, IdBody, optionalText, StatusId, Target, text, url } from './call.ts';
import { BannerItem, UploadResult, WebInfo } from './system.ts';

/** The platform administrator's own session. */
export const AdminInfo = z.object({ id: z.string(), loginName: z.string(), realName: z.string() });
export type TAdminInfo = z.output<typeof AdminInfo>;

export const adminLogin = defineCall({
  method: 'POST',
  path: '/system/api/admin/login',
  access: 'api',
  summary: '平台管理员登录',
  body: z.object({
    loginName: text('账号', 50),
    password: z.string({ error: '请填写密码' }).min(1, { error: '请填写密码' }).max(100, { error: '密码不正确' }),
    /** The image captcha, asked after repeated failures (the refusal carries needCaptcha). */
    verToken: z.string().trim().max(64).optional(),
    verCode: z.string().trim().max(8).optional(),
  }),
  data: z.object({ token: z.string(), admin: AdminInfo }),
});
export const adminLogout = defineCall({
  method: 'POST',
  path: '/system/admin/logout',
  access: 'admin',
  summary: '管理员退出',
  body: Empty,
  data: z.null(),
});
export const adminInfoView = defineCall({
  method: 'POST',
  path: '/system/admin/info/view',
  access: 'admin',
  summary: '当前管理员',
  body: Empty,
  data: AdminInfo,
});

const flag = z.coerce.number().int().min(0).max(1);

export const WebInfoUpdate = z.object({
  siteNamePc: text('网站名称', 50),
  logo: url('Logo'),
  ico: url('网站图标'),
  keyword: optionalText('关键词', 200),
  desc: optionalText('网站描述', 500),
  address: optionalText('地址', 200),
  telephone: optionalText('服务热线', 50),
  mpQrcode: url('公众号二维码'),
  service1: url('客服二维码'),
  serviceContact: optionalText('客服联系方式', 200),
  legalNotice: optionalText('法律声明', 2000),
  copyright: optionalText('版权信息', 200),
  icp: optionalText('ICP 备案号', 100),
  prn: optionalText('公安备案名称', 100),
  prnNo: optionalText('公安备案号', 50),
  isEnableStatistics: flag.default(0),
  statisticsCode: optionalText('统计代码', 5000),
  isEnableOnlineService: flag.default(0),
  onlineServiceCode: optionalText('在线客服代码', 5000),
  onlineServicePages: optionalText('在线客服页面', 1000),
  h5Domain: z
    .string()
    .trim()
    .max(200, { error: 'H5 域名不能超过 200 个字' })
    .refine((v) => v === '' || /^https?:\/\/[a-zA-Z0-9.-]+(:\d+)?\/?$/.test(v), {
      error: 'H5 域名必须形如 https://m.example.com',
    })
    .default(''),
  loginBgImg: url('登录页背景图'),
});
export const adminWebsiteView = defineCall({
  method: 'POST',
  path: '/system/admin/website/view',
  access: 'admin',
  summary: '站点信息（编辑用）',
  body: Empty,
  data: WebInfo,
});
export const adminWebsiteUpdate = defineCall({
  method: 'POST',
  path: '/system/admin/website/update',
  access: 'admin',
  summary: '修改站点信息',
  body: WebInfoUpdate,
  data: WebInfo,
});

/**
 * The site's simple lists (header nav, footer nav, articles, links, ads, banners, zones) share one shape of admin
 * calls: list, save, update, delete. Each resource gives its row and its editable fields.
 */
function adminList<R extends z.ZodObject, F extends z.ZodObject>(name: string, label: string, row: R, fields: F) {
  const base = `/system/admin/${name}`;
  return {
    list: defineCall({
      method: 'POST',
      path: `${base}/list`,
      access: 'admin',
      summary: `${label}列表`,
      body: Empty,
      data: z.array(row),
    }),
    save: defineCall({
      method: 'POST',
      path: `${base}/save`,
      access: 'admin',
      summary: `新增${label}`,
      body: fields,
      data: row,
    }),
    update: defineCall({
      method: 'POST',
      path: `${base}/update`,
      access: 'admin',
      summary: `修改${label}`,
      body: fields.extend({ id: Id }),
      data: row,
    }),
    delete: defineCall({
      method: 'POST',
      path: `${base}/delete`,
      access: 'admin',
      summary: `删除${label}`,
      body: IdBody,
      data: z.null(),
    }),
  };
}

const common = { sort: z.coerce.number().int().min(0).max(99999).default(100), statusId: StatusId.default(1) };
const commonOut = { id: z.string(), sort: z.number().int(), statusId: z.number().int() };

export const NavBarFields = z.object({
  navTitle: text('导航名称', 20),
  navUrl: text('导航地址', 500),
  target: Target.default('_self'),
  ...common,
});
export const adminNavBar = adminList('nav/bar', '头部导航', NavBarFields.extend(commonOut), NavBarFields);

export const WebsiteNavFields = z.object({
  navName: text('导航名称', 20),
  platShow: flag.default(1),
  infoShow: flag.default(1),
  ...common,
});
export const adminWebsiteNav = adminList(
  'website/nav',
  '底部导航',
  WebsiteNavFields.extend(commonOut),
  WebsiteNavFields,
);

export const NavArticleFields = z.object({
  navId: Id,
  artTitle: text('文章标题', 100),
  artPic: url('文章配图'),
  artDesc: optionalRichText('文章内容', 100_000),
  ...common,
});
export const adminNavArticle = adminList(
  'website/nav/article',
  '导航文章',
  NavArticleFields.extend(commonOut),
  NavArticleFields,
);

export const LinkFields = z.object({
  linkName: text('链接名称', 50),
  linkUrl: text('链接地址', 500),
  linkTarget: Target.default('_blank'),
  ...common,
});
export const adminLink = adminList('website/link', '友情链接', LinkFields.extend(commonOut), LinkFields);

const time = z
  .string()
  .trim()
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v.replace(' ', 'T') + '+08:00')), {
    error: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  })
  .default('');
export const AdvFields = z.object({
  advTitle: text('广告标题', 100),
  advImg: url('广告图片').refine((v) => v !== '', { error: '请上传广告图片' }),
  advUrl: url('广告链接'),
  advTarget: Target.default('_blank'),
  platShow: flag.default(0),
  beginTime: time,
  endTime: time,
  ...common,
});
export const adminAdv = adminList('adv', '广告', AdvFields.extend(commonOut), AdvFields);

export const BannerFields = z.object({
  code: text('轮播编码', 50),
  group: text('分组', 20).default('pc'),
  data: z.array(BannerItem).max(20, { error: '一组最多 20 张轮播图' }),
  ...common,
});
export const adminBanner = adminList('sys/banner', '轮播图', BannerFields.extend(commonOut), BannerFields);

export const ZoneFields = z.object({
  zoneName: text('专区名称', 50),
  zoneDesc: optionalText('专区描述', 200),
  zoneLocation: z.coerce.number().int().min(0).max(1).default(1),
  ...common,
});
export const adminZone = adminList('zone', '专区', ZoneFields.extend(commonOut), ZoneFields);

export const adminUploadPic = defineCall({
  method: 'POST',
  path: '/system/admin/upload/pic',
  access: 'admin',
  summary: '管理员上传图片（multipart，字段 file）',
  body: Empty,
  data: UploadResult,
});
