import { useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import { Limits } from '#contract/codes.ts';
import { sysBannerList } from '#contract/system.ts';
import { zoneCourseList } from '#contract/course.ts';
import type { Route } from './+types/home.ts';
import { pageLoad } from '../lib/session-load.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useRootData } from '../lib/root-data.ts';
import { H5CourseTile } from './course-card.tsx';
import { H5Header, H5Footer } from './h5-frame.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { PullRefresh } from './pull-refresh.tsx';

/** A zone shows two rows of two on a phone; the rest are a tap away in the catalogue. */
const ZONE_COURSES = 4;

export async function loader(args: Route.LoaderArgs) {
  // the H5 home shows the school's own banners and zones, as the PC home does (decision 38)
  const [banners, zones] = await Promise.all([
    pageLoad(args, sysBannerList, { bannerGroup: Limits.bannerGroupPc }),
    pageLoad(args, zoneCourseList, { zoneLocation: Limits.zoneLocationPc, limit: ZONE_COURSES }),
  ]);
  return { slides: banners.sysBannerDTOList.flatMap((b) => b.data), zones };
}

/** /h5/ — the H5 home: banners, then the home-page zones with their courses; pull down to refresh. */
export default function H5Home({ loaderData }: Route.ComponentProps) {
  const { slides, zones } = loaderData;
  const site = useRootData()?.webInfo.siteNamePc || '青课';
  const revalidator = useRevalidator();
  return (
    <>
      <PageMeta />
      <H5Header title={site} home />
      <PullRefresh onRefresh={() => revalidator.revalidate()}>
        <h1 className="h5-visually-hidden">{site}</h1>
        {slides.length > 0 ? <BannerCarousel slides={slides} /> : null}
        {zones.map((z) => (
          <section key={z.id} className="h5-section" aria-labelledby={`zone-${z.id}`}>
            <header className="h5-section__head">
              <h2 id={`zone-${z.id}`}>{z.zoneName}</h2>
              <Link to="/h5/list" className="h5-more">
                更多
              </Link>
            </header>
            {z.zoneDesc ? <p className="h5-muted h5-section__desc">{z.zoneDesc}</p> : null}
            {z.courseList.length > 0 ? (
              <div className="h5-grid">
                {z.courseList.map((c) => (
                  <H5CourseTile key={c.id} course={c} />
                ))}
              </div>
            ) : (
              <p className="h5-empty">专区课程正在上架</p>
            )}
          </section>
        ))}
        {zones.length === 0 ? <p className="h5-empty">课程正在上架，敬请期待</p> : null}
        <section className="h5-section" aria-labelledby="h5-exam">
          <header className="h5-section__head">
            <h2 id="h5-exam">在线考试</h2>
            <Link to="/h5/exam" className="h5-more">
              考试中心
            </Link>
          </header>
        </section>
        <section className="h5-section" aria-labelledby="h5-community">
          <header className="h5-section__head">
            <h2 id="h5-community">社区</h2>
            <Link to="/h5/blog" className="h5-more">
              博客
            </Link>
          </header>
        </section>
        <nav className="h5-section h5-shortcuts" aria-label="更多">
          <Link to="/h5/teachingStaff">讲师团队</Link>
          <Link to="/h5/sale">优惠活动</Link>
          <Link to="/h5/info">资讯</Link>
          <Link to="/h5/view/service">联系客服</Link>
        </nav>
        <H5Footer />
      </PullRefresh>
    </>
  );
}
