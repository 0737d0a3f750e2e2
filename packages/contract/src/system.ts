import { z } from './zod-config.ts';
import { defineCall, Empty, Id, Target } from './call.ts';

/** Spec §3 Web info, everything a page needs to draw header, footer and scripts. */
export const WebInfo = z.object({
  siteId: z.string(),
  siteNamePc: z.string(),
  logo: z.string(),
  ico: z.string(),
  keyword: z.string(),
  desc: z.string(),
  address: z.string(),
  telephone: z.string(),
  mpQrcode: z.string(),
  service1: z.string(),
  serviceContact: z.string(),
  legalNotice: z.string(),
  copyright: z.string(),
  icp: z.string(),
  prn: z.string(),
  prnNo: z.string(),
  isEnableStatistics: z.number().int(),
  statisticsCode: z.string(),
  isEnableOnlineService: z.number().int(),
  onlineServiceCode: z.string(),
  onlineServicePages: z.string(),
  h5Domain: z.string(),
  loginBgImg: z.string(),
});
export type TWebInfo = z.output<typeof WebInfo>;

export const NavBarItem = z.object({ id: z.string(), navTitle: z.string(), navUrl: z.string(), target: Target });
export type TNavBarItem = z.output<typeof NavBarItem>;

export const NavArticleBrief = z.object({ id: z.string(), artTitle: z.string() });
export const WebsiteNav = z.object({
  id: z.string(),
  navName: z.string(),
  /** 1: the group is also a category of the information centre (/info); 0: footer only */
  infoShow: z.number().int(),
  articleList: z.array(NavArticleBrief),
});
export type TWebsiteNav = z.output<typeof WebsiteNav>;

export const NavArticle = z.object({
  id: z.string(),
  navId: z.string(),
  navName: z.string(),
  artTitle: z.string(),
  artPic: z.string(),
  artDesc: z.string(),
  gmtModified: z.string(),
});
export type TNavArticle = z.output<typeof NavArticle>;

export const WebsiteLink = z.object({ id: z.string(), linkName: z.string(), linkUrl: z.string(), linkTarget: Target });
export type TWebsiteLink = z.output<typeof WebsiteLink>;

export const Adv = z.object({
  id: z.string(),
  advTitle: z.string(),
  advImg: z.string(),
  advUrl: z.string(),
  advTarget: Target,
});
export type TAdv = z.output<typeof Adv>;

export const BannerItem = z.object({
  title: z.string().default(''),
  img: z.string(),
  url: z.string().default(''),
  target: Target.default('_blank'),
});
export type TBannerItem = z.output<typeof BannerItem>;
export const SysBanner = z.object({ id: z.string(), code: z.string(), group: z.string(), data: z.array(BannerItem) });
export type TSysBanner = z.output<typeof SysBanner>;

export const Zone = z.object({
  id: z.string(),
  zoneName: z.string(),
  zoneDesc: z.string(),
  zoneLocation: z.number().int(),
});
export type TZone = z.output<typeof Zone>;

export const DictItem = z.object({ dictKey: z.string(), dictValue: z.string() });

export const UploadResult = z.object({ url: z.string(), fileName: z.string(), fileSize: z.number().int() });
export type TUploadResult = z.output<typeof UploadResult>;

export const websiteInfoView = defineCall({
  method: 'GET',
  path: '/system/api/website/info/view',
  access: 'api',
  summary: '站点信息',
  body: Empty,
  data: WebInfo,
});

export const navBarList = defineCall({
  method: 'POST',
  path: '/system/api/nav/bar/list',
  access: 'api',
  summary: '头部导航',
  body: Empty,
  data: z.array(NavBarItem),
});

export const websiteNavList = defineCall({
  method: 'POST',
  path: '/system/api/website/nav/list',
  access: 'api',
  summary: '底部导航及其文章标题',
  body: Empty,
  data: z.array(WebsiteNav),
});

export const aboutNavList = defineCall({
  method: 'POST',
  path: '/system/api/about/nav/list',
  access: 'api',
  summary: '关于我们导航（platShow=1 为 PC 展示）',
  body: z.object({ platShow: z.coerce.number().int().default(1) }).default({ platShow: 1 }),
  data: z.array(WebsiteNav),
});

export const websiteNavArticleGet = defineCall({
  method: 'POST',
  path: '/system/api/website/nav/article/get',
  access: 'api',
  summary: '底部导航文章',
  body: z
    .object({ id: Id.optional(), navId: Id.optional() })
    .refine((b) => b.id || b.navId, { error: '请指定文章或导航' }),
  data: NavArticle,
});

export const websiteLinkList = defineCall({
  method: 'POST',
  path: '/system/api/website/link',
  access: 'api',
  summary: '友情链接',
  body: Empty,
  data: z.object({ websiteLinkList: z.array(WebsiteLink) }),
});

export const advList = defineCall({
  method: 'POST',
  path: '/system/api/adv/list',
  access: 'api',
  summary: '当前投放中的广告',
  body: z.object({ platShow: z.coerce.number().int().default(0) }).default({ platShow: 0 }),
  data: z.array(Adv),
});

export const sysBannerList = defineCall({
  method: 'POST',
  path: '/system/api/sys/banner/list',
  access: 'api',
  summary: '轮播图（bannerGroup=pc）',
  body: z.object({ bannerGroup: z.string().trim().max(20).default('pc') }).default({ bannerGroup: 'pc' }),
  data: z.object({ sysBannerDTOList: z.array(SysBanner) }),
});

export const zoneList = defineCall({
  method: 'POST',
  path: '/system/api/zone/list',
  access: 'api',
  summary: '首页专区',
  body: z.object({ zoneLocation: z.coerce.number().int().default(1) }).default({ zoneLocation: 1 }),
  data: z.array(Zone),
});

export const dictProblemKind = defineCall({
  method: 'GET',
  path: '/system/api/dict/list/problemKind',
  access: 'api',
  summary: '题型字典',
  body: Empty,
  data: z.array(DictItem),
});

export const referralCodeCheck = defineCall({
  method: 'POST',
  path: '/system/api/website/referral/code',
  access: 'api',
  summary: '推荐码校验：返回推荐人昵称',
  body: z.object({
    referralCode: z.string().trim().min(1, { error: '请填写推荐码' }).max(32, { error: '推荐码不正确' }),
  }),
  data: z.object({ valid: z.boolean(), referrerNickname: z.string() }),
});

/** Image uploads of spec §7; the names are kept, the bytes go to our own storage. */
export const uploadAliyun = defineCall({
  method: 'POST',
  path: '/system/auth/upload/aliyun',
  access: 'auth',
  summary: '上传图片（multipart，字段 file）',
  body: Empty,
  data: UploadResult,
});
export const uploadPolyv = defineCall({
  method: 'POST',
  path: '/system/auth/upload/polyv',
  access: 'auth',
  summary: '上传图片（multipart，字段 file）',
  body: Empty,
  data: UploadResult,
});
