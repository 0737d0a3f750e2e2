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

export async function loader(args: Route.LoaderArgs) {
  const [banners, advs, zones] = await Promise.all([
    pageLoad(args, sysBannerList, { bannerGroup: Limits.bannerGroupPc }),
    pageLoad(args, advList),
    pageLoad(args, zoneCourseList, { zoneLocation: Limits.zoneLocationPc, limit: 8 }),
  ]);
  return {
    slides: banners.sysBannerDTOList.flatMap((b) => b.data),
    adv: advClosed(args.request) ? null : (advs[0] ?? null),
    zones,
  };
}

/** Spec: the home page — banners (group pc), the ad, and the home-page zones. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, adv, zones } = loaderData;
  const site = useRootData()?.webInfo?.siteNamePc || '青课';
  return (
    <>
      <PageMeta />
      <h1 className="qk-visually-hidden">{site}</h1>
      <BannerCarousel slides={slides} />
      {adv ? <AdvBanner adv={adv} /> : null}
      <div className="qk-container qk-home">
        {zones.length === 0 ? <EmptyState /> : zones.map((z) => <ZoneSection key={z.id} zone={z} />)}
      </div>
    </>
  );
}
