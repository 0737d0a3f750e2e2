import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { TBannerItem } from '#contract/system.ts';
import { SiteLink } from '../../components/header/nav-link.tsx';

const AUTOPLAY_MS = 5000;
const SWIPE_PX = 50;

/**
 * The home page's banners (sys/banner/list, group pc) across the full width, 1200px content centred. Written as
 * plain markup rather than antd's Carousel, whose slider library weighed more than the rest of the home page.
 * Autoplay pauses while the pointer or focus is on it and while the tab is hidden.
 */
export function BannerCarousel({ slides }: { slides: TBannerItem[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setCurrent((i) => (i + 1) % count);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const go = (i: number) => setCurrent(((i % count) + count) % count);
  const onPointerUp = (e: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const dx = e.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(dx) > SWIPE_PX) go(current + (dx < 0 ? 1 : -1));
  };

  return (
    <section
      className="qk-banner"
      aria-roledescription="carousel"
      aria-label="轮播图"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="qk-banner__viewport"
        onPointerDown={(e) => (swipeFrom.current = e.clientX)}
        onPointerUp={onPointerUp}
      >
        <div className="qk-banner__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((s, i) => {
            const img = (
              <img
                src={s.img}
                alt={s.title || `轮播图 ${i + 1}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                draggable={false}
              />
            );
            return (
              <div
                key={`${s.img}-${i}`}
                className="qk-banner__slide"
                aria-roledescription="slide"
                aria-label={`第 ${i + 1} 张，共 ${count} 张`}
                aria-hidden={i !== current}
                inert={i !== current}
              >
                {s.url ? (
                  <SiteLink href={s.url} target={s.target} className="qk-banner__link">
                    {img}
                  </SiteLink>
                ) : (
                  img
                )}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="qk-banner__arrow qk-banner__arrow--prev"
            aria-label="上一张"
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="qk-banner__arrow qk-banner__arrow--next"
            aria-label="下一张"
            onClick={() => go(current + 1)}
          >
            ›
          </button>
          <div className="qk-banner__dots">
            {slides.map((s, i) => (
              <button
                key={`${s.img}-${i}`}
                type="button"
                aria-label={`第 ${i + 1} 张`}
                aria-current={i === current}
                className={i === current ? 'is-active' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
