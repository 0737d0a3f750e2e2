import { Limits } from '#contract/codes.ts';
import { advList, sysBannerList } from '#contract/system.ts';
import { zoneCourseList } from '#contract/course.ts';
import type { Route } from './+types/home.ts';
import { callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { BannerCarousel } from '../features/home/banner-carousel.tsx';
import { AdvBanner, advClosed } from '../features/home/adv-banner.tsx';
import { ZoneSection } from '../features/home/zone-section.tsx';
import { EmptyState } from '../components/page.tsx';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  const [banners, advs, zones] = await Promise.all([
    callWith(transport, sysBannerList, { bannerGroup: Limits.bannerGroupPc }),
    callWith(transport, advList),
    callWith(transport, zoneCourseList, { zoneLocation: Limits.zoneLocationPc, limit: 8 }),
  ]);
  return {
    slides: banners.sysBannerDTOList.flatMap((b) => b.data),
    adv: advClosed(request) ? null : (advs[0] ?? null),
    zones,
  };
}

/** Spec: the home page — banners (group pc), the ad, and the home-page zones. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, adv, zones } = loaderData;
  return (
    <>
      <PageMeta />
      <BannerCarousel slides={slides} />
      {adv ? <AdvBanner adv={adv} /> : null}
      <div className="qk-container qk-home">
        {zones.length === 0 ? <EmptyState /> : zones.map((z) => <ZoneSection key={z.id} zone={z} />)}
      </div>
    </>
  );
}
