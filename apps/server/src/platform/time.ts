const fmt = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** Times are shown as YYYY-MM-DD HH:mm:ss in Asia/Shanghai (DESIGN.md). */
export function formatTime(d: Date | null | undefined): string {
  return d ? fmt.format(d) : '';
}

/** Reads a 'YYYY-MM-DD HH:mm:ss' wall-clock time of Asia/Shanghai; '' gives null. */
export function parseShanghaiTime(s: string): Date | null {
  if (!s) return null;
  const iso = s.trim().replace(' ', 'T');
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}
