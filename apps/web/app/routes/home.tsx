import { Limits } from '#contract/codes.ts';
import { advList, sysBannerList } from '#contract/system.ts';
import { zoneCourseList } from '#contract/course.ts';
import type { Route } from './+types/home.ts';
import { pageLoad } from '../lib/session-load.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useRootData } from '../lib/root-data.ts';
import { BannerCarousel } from '../features/home/banner-carousel.tsx';
import { AdvBanner, advClosed } from '../features/home/adv-banner.tsx';
import { ZoneSection } from '../features/home/zone-section.tsx';
import { EmptyState } from '../components/page.tsx';
import { articleRecommendList, articleZoneCategoryList, articleZoneRefList } from '#contract/community-blog.ts';
import { ArticleZones } from '../features/home/article-zones.tsx';

/** Article zones on the home page: the first categories of the information centre, a few articles each. */
const ARTICLE_ZONES = 2;
const ARTICLES_PER_ZONE = 6;

export async function loader(args: Route.LoaderArgs) {
  const [banners, advs, zones, recommended, articleZones] = await Promise.all([
    pageLoad(args, sysBannerList, { bannerGroup: Limits.bannerGroupPc }),
    pageLoad(args, advList),
    pageLoad(args, zoneCourseList, { zoneLocation: Limits.zoneLocationPc, limit: 8 }),
    pageLoad(args, articleRecommendList, { size: ARTICLES_PER_ZONE }),
    pageLoad(args, articleZoneCategoryList),
  ]);
  const withArticles = articleZones.filter((z) => z.articleCount > 0).slice(0, ARTICLE_ZONES);
  const articles = await Promise.all(
    withArticles.map((z) => pageLoad(args, articleZoneRefList, { zoneId: z.id, pageSize: ARTICLES_PER_ZONE })),
  );
  return {
    slides: banners.sysBannerDTOList.flatMap((b) => b.data),
    adv: advClosed(args.request) ? null : (advs[0] ?? null),
    zones,
    recommended,
    articleZones: withArticles.map((z, i) => ({ id: z.id, zoneName: z.zoneName, articles: articles[i]!.list })),
  };
}

/** Spec: the home page — banners (group pc), the ad, the home-page zones, and the article zones. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, adv, zones, recommended, articleZones } = loaderData;
  const site = useRootData()?.webInfo?.siteNamePc || '青课';
  return (
    <>
      <PageMeta />
      <h1 className="qk-visually-hidden">{site}</h1>
      <BannerCarousel slides={slides} />
      {adv ? <AdvBanner adv={adv} /> : null}
      <div className="qk-container qk-home">
        {zones.length === 0 ? <EmptyState /> : zones.map((z) => <ZoneSection key={z.id} zone={z} />)}
        <ArticleZones recommended={recommended} zones={articleZones} />
      </div>
    </>
  );
}
