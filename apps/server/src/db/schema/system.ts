import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/** A tenant. Site 10 exists on first start; a bound domain selects its site without a SITE-ID header. */
export const site = pgTable('site', {
  id: bigint('id', { mode: 'bigint' }).primaryKey(),
  siteName: text('site_name').notNull(),
  boundDomain: text('bound_domain').unique(),
  ...gmt,
  ...statusSort,
});

/** Spec §3 Web info: one row per site. */
export const website = pgTable('website', {
  id: id(),
  siteId: siteId().unique(),
  siteNamePc: text('site_name_pc').notNull(),
  logo: text('logo').notNull().default(''),
  ico: text('ico').notNull().default(''),
  keyword: text('keyword').notNull().default(''),
  desc: text('description').notNull().default(''),
  address: text('address').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  mpQrcode: text('mp_qrcode').notNull().default(''),
  service1: text('service1').notNull().default(''),
  serviceContact: text('service_contact').notNull().default(''),
  legalNotice: text('legal_notice').notNull().default(''),
  copyright: text('copyright').notNull().default(''),
  icp: text('icp').notNull().default(''),
  prn: text('prn').notNull().default(''),
  prnNo: text('prn_no').notNull().default(''),
  isEnableStatistics: integer('is_enable_statistics').notNull().default(0),
  statisticsCode: text('statistics_code').notNull().default(''),
  isEnableOnlineService: integer('is_enable_online_service').notNull().default(0),
  onlineServiceCode: text('online_service_code').notNull().default(''),
  onlineServicePages: text('online_service_pages').notNull().default(''),
  h5Domain: text('h5_domain').notNull().default(''),
  loginBgImg: text('login_bg_img').notNull().default(''),
  /** percent of a referred buyer's payment credited to the referrer */
  referralRate: integer('referral_rate').notNull().default(0),
  ...gmt,
  ...statusSort,
});

/** Header navigation. */
export const navBar = pgTable(
  'nav_bar',
  {
    id: id(),
    siteId: siteId(),
    navTitle: text('nav_title').notNull(),
    navUrl: text('nav_url').notNull(),
    target: text('target').notNull().default('_self'),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('nav_bar_site_idx').on(t.siteId, t.sort)],
);

/**
 * Footer navigation groups, each with articles (help, about us, agreements). `infoShow` 1: the group is also a
 * category of the information centre (/info); 0: footer only.
 */
export const websiteNav = pgTable(
  'website_nav',
  {
    id: id(),
    siteId: siteId(),
    navName: text('nav_name').notNull(),
    platShow: integer('plat_show').notNull().default(1),
    infoShow: integer('info_show').notNull().default(1),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('website_nav_site_idx').on(t.siteId, t.sort)],
);

export const websiteNavArticle = pgTable(
  'website_nav_article',
  {
    id: id(),
    siteId: siteId(),
    navId: ref('nav_id').notNull(),
    artTitle: text('art_title').notNull(),
    artPic: text('art_pic').notNull().default(''),
    artDesc: text('art_desc').notNull().default(''),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('website_nav_article_nav_idx').on(t.siteId, t.navId, t.sort)],
);

export const websiteLink = pgTable(
  'website_link',
  {
    id: id(),
    siteId: siteId(),
    linkName: text('link_name').notNull(),
    linkUrl: text('link_url').notNull(),
    linkTarget: text('link_target').notNull().default('_blank'),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('website_link_site_idx').on(t.siteId, t.sort)],
);

export const adv = pgTable(
  'adv',
  {
    id: id(),
    siteId: siteId(),
    advTitle: text('adv_title').notNull(),
    advImg: text('adv_img').notNull(),
    advUrl: text('adv_url').notNull().default(''),
    advTarget: text('adv_target').notNull().default('_blank'),
    platShow: integer('plat_show').notNull().default(0),
    beginTime: timestamp('begin_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('adv_site_idx').on(t.siteId, t.sort)],
);

/** Banners: `data` keeps the list as stored JSON text, as the spec's source system did; bad JSON reads as empty. */
export const sysBanner = pgTable(
  'sys_banner',
  {
    id: id(),
    siteId: siteId(),
    code: text('code').notNull(),
    bannerGroup: text('banner_group').notNull().default('pc'),
    data: text('data').notNull().default('[]'),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('sys_banner_site_idx').on(t.siteId, t.bannerGroup, t.sort)],
);

export const zone = pgTable(
  'zone',
  {
    id: id(),
    siteId: siteId(),
    zoneName: text('zone_name').notNull(),
    zoneDesc: text('zone_desc').notNull().default(''),
    zoneLocation: integer('zone_location').notNull().default(1),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('zone_site_idx').on(t.siteId, t.zoneLocation, t.sort)],
);

export const dict = pgTable(
  'dict',
  {
    id: id(),
    siteId: siteId(),
    dictType: text('dict_type').notNull(),
    dictKey: text('dict_key').notNull(),
    dictValue: text('dict_value').notNull(),
    ...gmt,
    ...statusSort,
  },
  (t) => [uniqueIndex('dict_site_type_key_uq').on(t.siteId, t.dictType, t.dictKey)],
);

/** Uploaded files of any kind, kept so storage can be audited and cleaned. */
export const fileStorage = pgTable('file_storage', {
  id: id(),
  siteId: siteId(),
  ownerKind: text('owner_kind').notNull(),
  ownerId: ref('owner_id').notNull(),
  fileName: text('file_name').notNull(),
  fileKey: text('file_key').notNull(),
  fileType: text('file_type').notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  ...gmt,
  ...statusSort,
});
