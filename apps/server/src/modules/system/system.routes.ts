import * as c from '#contract/system.ts';
import { websiteInfoArticleList, websiteInfoCategoryList } from '#contract/website-info.ts';
import { Limits } from '#contract/codes.ts';
import type { Router } from '../../platform/http/route.ts';
import { readFileField } from '../../platform/http/multipart.ts';
import type { SystemService } from './system.service.ts';
import type { UploadService } from './upload.service.ts';
import type { UserService } from '../user/user.service.ts';

export function systemRoutes(on: Router, system: SystemService, upload: UploadService, users: UserService): void {
  on(c.websiteInfoView, ({ site }) => system.webInfo(site.id));
  on(c.navBarList, ({ site }) => system.navBar(site.id));
  on(c.websiteNavList, ({ site }) => system.websiteNavs(site.id));
  on(c.aboutNavList, ({ site, body }) => system.websiteNavs(site.id, body.platShow));
  on(c.websiteNavArticleGet, ({ site, body }) => system.article(site.id, body));
  on(websiteInfoCategoryList, ({ site }) => system.infoCategories(site.id));
  on(websiteInfoArticleList, ({ site, body }) => system.infoArticles(site.id, body));
  on(c.websiteLinkList, async ({ site }) => ({ websiteLinkList: await system.links(site.id) }));
  on(c.advList, ({ site, body }) => system.advs(site.id, body.platShow));
  on(c.sysBannerList, async ({ site, body }) => ({
    sysBannerDTOList: await system.banners(site.id, body.bannerGroup),
  }));
  on(c.zoneList, ({ site, body }) => system.zones(site.id, body.zoneLocation));
  on(c.dictProblemKind, ({ site }) => system.dict(site.id, 'problemKind'));
  on(c.referralCodeCheck, ({ site, body }) => users.referrer(site.id, body.referralCode));
  for (const call of [c.uploadAliyun, c.uploadPolyv]) {
    on(call, async ({ site, actor, req }) =>
      upload.image(site.id, actor, await readFileField(req, Limits.imageUploadMaxBytes)),
    );
  }
}
