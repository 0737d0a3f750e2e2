import type { TZone } from '#contract/system.ts';
import { EmptyState } from '../../components/page.tsx';

/** A home-page zone: its name and description; its courses arrive with the course feature. */
export function ZoneSection({ zone }: { zone: TZone }) {
  return (
    <section className="qk-zone" aria-labelledby={`zone-${zone.id}`}>
      <header className="qk-zone__head">
        <h2 id={`zone-${zone.id}`}>{zone.zoneName}</h2>
        {zone.zoneDesc ? <p>{zone.zoneDesc}</p> : null}
      </header>
      <EmptyState text="暂无课程" />
    </section>
  );
}
