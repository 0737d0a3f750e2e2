import { useEffect, useRef, useState } from 'react';
import { h5Href } from './h5-links.ts';

export interface Slide {
  img: string;
  url?: string | null;
  title?: string | null;
}

const AUTOPLAY_MS = 4000;

/**
 * The home page's banners: a row of slides the finger swipes, snapping to each (the browser's own scroll snap,
 * so no animation library in the first load), moving on by itself every few seconds while nobody touches it and
 * the person has not asked for less motion. The dots below follow the slide in view.
 */
export function BannerCarousel({ slides }: { slides: Slide[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const touched = useRef(false);

  useEffect(() => {
    const el = track.current;
    if (!el || slides.length < 2) return;
    const onScroll = () => setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    const hold = () => (touched.current = true);
    const release = () => (touched.current = false);
    el.addEventListener('touchstart', hold, { passive: true });
    el.addEventListener('touchend', release);
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const timer = still
      ? undefined
      : setInterval(() => {
          if (touched.current || document.hidden) return;
          const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length;
          el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
        }, AUTOPLAY_MS);
    return () => {
      clearInterval(timer);
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('touchstart', hold);
      el.removeEventListener('touchend', release);
    };
  }, [slides.length]);

  return (
    <section className="h5-banner" aria-roledescription="carousel" aria-label="轮播图">
      <div ref={track} className="h5-banner__track">
        {slides.map((s, i) => {
          const img = <img src={s.img} alt={s.title || `轮播图 ${i + 1}`} loading={i === 0 ? 'eager' : 'lazy'} />;
          return (
            <div
              key={`${s.img}-${i}`}
              className="h5-banner__item"
              role="group"
              aria-roledescription="slide"
              aria-label={`第 ${i + 1} 张，共 ${slides.length} 张`}
            >
              {s.url ? <a href={h5Href(s.url)}>{img}</a> : img}
            </div>
          );
        })}
      </div>
      {slides.length > 1 ? (
        <div className="h5-banner__dots" aria-hidden="true">
          {slides.map((s, i) => (
            <span key={`${s.img}-${i}`} className={i === current ? 'is-on' : undefined} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
