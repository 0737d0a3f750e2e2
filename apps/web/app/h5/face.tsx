/** A person's picture, or the first character of their name on a tinted circle when they have none (h5-pages.css). */
export function H5Face({ src, name, size = 56 }: { src: string; name: string; size?: number }) {
  return src ? (
    <img src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="h5-person-row__initial" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
