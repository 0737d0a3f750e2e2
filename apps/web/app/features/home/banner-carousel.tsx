import { Carousel } from 'antd';
import type { TBannerItem } from '#contract/system.ts';
import { SiteLink } from '../../components/header/nav-link.tsx';

/** The home page's banners (sys/banner/list, group pc) across the full width, 1200px content centred. */
export function BannerCarousel({ slides }: { slides: TBannerItem[] }) {
  if (slides.length === 0) return null;
  return (
    <section className="qk-banner" aria-label="轮播图">
      <Carousel autoplay autoplaySpeed={5000} dots={slides.length > 1} draggable={slides.length > 1}>
        {slides.map((s, i) => (
          <div key={`${s.img}-${i}`} className="qk-banner__slide">
            {s.url ? (
              <SiteLink href={s.url} target={s.target} className="qk-banner__link">
                <img src={s.img} alt={s.title || `轮播图 ${i + 1}`} loading={i === 0 ? 'eager' : 'lazy'} />
              </SiteLink>
            ) : (
              <img src={s.img} alt={s.title || `轮播图 ${i + 1}`} loading={i === 0 ? 'eager' : 'lazy'} />
            )}
          </div>
        ))}
      </Carousel>
    </section>
  );
}
