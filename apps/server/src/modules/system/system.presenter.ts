import type { TAdv, TNavArticle, TNavBarItem, TSysBanner, TWebInfo, TWebsiteLink, TZone } from '#contract/system.ts';
import { BannerItem } from '#contract/system.ts';
import { z } from 'zod';
import { formatTime } from '../../platform/time.ts';
import type { TInfoArticleBrief, TInfoCategory } from '#contract/website-info.ts';
import type { InfoArticleRow, WebsiteRow } from './system.repo.ts';
import type {
  adv,
  navBar,
  sysBanner,
  websiteLink,
  websiteNav,
  websiteNavArticle,
  zone,
} from '../../db/schema/system.ts';

type Target = '_blank' | '_self';
const target = (v: string): Target => (v === '_blank' ? '_blank' : '_self');
const common = (r: { id: bigint; sort: number; statusId: number }) => ({
  id: String(r.id),
  sort: r.sort,
  statusId: r.statusId,
});

export function presentWebInfo(r: WebsiteRow): TWebInfo {
  return {
    siteId: String(r.siteId),
    siteNamePc: r.siteNamePc,
    logo: r.logo,
    ico: r.ico,
    keyword: r.keyword,
    desc: r.desc,
    address: r.address,
    telephone: r.telephone,
    mpQrcode: r.mpQrcode,
    service1: r.service1,
    serviceContact: r.serviceContact,
    legalNotice: r.legalNotice,
    copyright: r.copyright,
    icp: r.icp,
    prn: r.prn,
    prnNo: r.prnNo,
    isEnableStatistics: r.isEnableStatistics,
    statisticsCode: r.statisticsCode,
    isEnableOnlineService: r.isEnableOnlineService,
    onlineServiceCode: r.onlineServiceCode,
    onlineServicePages: r.onlineServicePages,
    h5Domain: r.h5Domain,
    loginBgImg: r.loginBgImg,
  };
}

export const presentNavBar = (r: typeof navBar.$inferSelect): TNavBarItem => ({
  id: String(r.id),
  navTitle: r.navTitle,
  navUrl: r.navUrl,
  target: target(r.target),
});
export const presentNavBarAdmin = (r: typeof navBar.$inferSelect) => ({ ...presentNavBar(r), ...common(r) });

export const presentWebsiteNavAdmin = (r: typeof websiteNav.$inferSelect) => ({
  navName: r.navName,
  platShow: r.platShow,
  infoShow: r.infoShow,
  ...common(r),
});

export const presentArticle = (r: typeof websiteNavArticle.$inferSelect, navName: string): TNavArticle => ({
  id: String(r.id),
  navId: String(r.navId),
  navName,
  artTitle: r.artTitle,
  artPic: r.artPic,
  artDesc: r.artDesc,
  gmtModified: formatTime(r.gmtModified),
});
export const presentArticleAdmin = (r: typeof websiteNavArticle.$inferSelect) => ({
  navId: String(r.navId),
  artTitle: r.artTitle,
  artPic: r.artPic,
  artDesc: r.artDesc,
  ...common(r),
});

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Rich text as one line of plain text for a list: tags (and a tag cut off at the end of a truncated body) go,
 * the entities the sanitizer writes are read back, whitespace collapses; at most `max` characters.
 */
export function plainSummary(html: string, max = 120): string {
  const text = html
    .replace(/<[^>]*(>|$)/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

export const presentInfoCategory = (r: { id: bigint; navName: string; articleCount: number }): TInfoCategory => ({
  id: String(r.id),
  navName: r.navName,
  articleCount: r.articleCount,
});

export const presentInfoArticle = (r: InfoArticleRow): TInfoArticleBrief => ({
  id: String(r.id),
  navId: String(r.navId),
  navName: r.navName,
  artTitle: r.artTitle,
  artPic: r.artPic,
  summary: plainSummary(r.artDescHead),
  gmtModified: formatTime(r.gmtModified),
});

export const presentLink = (r: typeof websiteLink.$inferSelect): TWebsiteLink => ({
  id: String(r.id),
  linkName: r.linkName,
  linkUrl: r.linkUrl,
  linkTarget: target(r.linkTarget),
});
export const presentLinkAdmin = (r: typeof websiteLink.$inferSelect) => ({ ...presentLink(r), ...common(r) });

export const presentAdv = (r: typeof adv.$inferSelect): TAdv => ({
  id: String(r.id),
  advTitle: r.advTitle,
  advImg: r.advImg,
  advUrl: r.advUrl,
  advTarget: target(r.advTarget),
});
export const presentAdvAdmin = (r: typeof adv.$inferSelect) => ({
  ...presentAdv(r),
  platShow: r.platShow,
  beginTime: formatTime(r.beginTime),
  endTime: formatTime(r.endTime),
  ...common(r),
});

/** Stored banner JSON that fails to parse gives an empty list (spec §8); bad items are dropped. */
export function parseBannerData(raw: string): TSysBanner['data'] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = z.array(z.unknown()).safeParse(value);
  if (!parsed.success) return [];
  return parsed.data.flatMap((item) => {
    const one = BannerItem.safeParse(item);
    return one.success ? [one.data] : [];
  });
}
export const presentBanner = (r: typeof sysBanner.$inferSelect): TSysBanner => ({
  id: String(r.id),
  code: r.code,
  group: r.bannerGroup,
  data: parseBannerData(r.data),
});
export const presentBannerAdmin = (r: typeof sysBanner.$inferSelect) => ({ ...presentBanner(r), ...common(r) });

export const presentZone = (r: typeof zone.$inferSelect): TZone => ({
  id: String(r.id),
  zoneName: r.zoneName,
  zoneDesc: r.zoneDesc,
  zoneLocation: r.zoneLocation,
});
export const presentZoneAdmin = (r: typeof zone.$inferSelect) => ({ ...presentZone(r), ...common(r) });
