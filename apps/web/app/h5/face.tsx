/** A person's picture, or the first character of their name on a tinted circle when they have none. */
export function H5Face({ src, name, size = 56 }: { src: string; name: string; size?: number }) {
  return src ? (
    <img className="h5-face" src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      className="h5-face h5-face--blank"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {name.slice(0, 1)}
    </span>
  );
}
