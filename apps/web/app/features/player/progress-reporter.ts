import { ResultCode } from '#contract/codes.ts';
import { periodLogSave, type TPeriodProgress, type TProgressReport } from '#contract/study.ts';
import { api, ApiError } from '../../api/client.ts';
import { WatchedRanges } from './watched-ranges.ts';

type Event = TProgressReport['event'];

export const HEARTBEAT_MS = 15_000;

function reportId(): string {
  const rand = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('');
  return `${Date.now().toString(36)}${rand}`.slice(0, 40);
}

const round = (s: number) => Math.round(s * 10) / 10;

/**
 * Collects the [start, end] seconds a viewer actually plays and sends them to period/log/save (contract
 * study.ts): every 15 s while playing, and on play, pause, end and page hide. Each report carries its own id, so
 * a retried report is not counted twice; a report that fails keeps its ranges for the next one. The hide report
 * goes by navigator.sendBeacon, which survives the page closing and carries only the session cookie.
 */
export class ProgressReporter {
  private readonly ranges = new WatchedRanges();
  private stopped = false;
  private sending = false;
  /** an event that arrived while a report was on its way: sent right after it, so a pause is never lost */
  private next: { event: Event; position: number } | null = null;

  private readonly periodId: string;
  private readonly onSaved: (p: TPeriodProgress) => void;

  constructor(periodId: string, onSaved: (p: TPeriodProgress) => void) {
    this.periodId = periodId;
    this.onSaved = onSaved;
  }

  /** Called on every timeupdate while the video plays. */
  track(t: number, playing: boolean): void {
    this.ranges.track(t, playing);
  }

  /** A seek or pause ends the current range. */
  close(): void {
    this.ranges.close();
  }

  private body(event: Event, position: number): TProgressReport {
    return {
      periodId: this.periodId,
      reportId: reportId(),
      currentPosition: round(Math.max(0, position)),
      watchedRanges: this.ranges.take(),
      event,
    };
  }

  async send(event: Event, position: number): Promise<void> {
    if (this.stopped) return;
    if (this.sending) {
      this.next = { event, position };
      return;
    }
    const body = this.body(event, position);
    this.sending = true;
    try {
      // reports run in the background: a refusal is not toasted, a lost session still goes to the login page
      this.onSaved(await api(periodLogSave, body, { toast: false }));
    } catch (err) {
      // a dead session will not come back by itself: stop reporting (the response handler goes to the login page)
      if (err instanceof ApiError && err.needsLogin) this.stopped = true;
      else if (!(err instanceof ApiError && err.code === ResultCode.ERROR)) this.ranges.giveBack(body.watchedRanges);
    } finally {
      this.sending = false;
    }
    const next = this.next;
    this.next = null;
    if (next) await this.send(next.event, next.position);
  }

  /** The last report of a page that is going away. */
  beacon(position: number): void {
    if (this.stopped) return;
    const body = this.body('hide', position);
    const blob = new Blob([JSON.stringify(body)], { type: 'text/plain' });
    if (navigator.sendBeacon?.(`/apis${periodLogSave.path}`, blob)) return;
    this.ranges.giveBack(body.watchedRanges);
    void this.send('hide', position);
  }
}

/** A document lesson counts as studied once opened: one `read` report. */
export function reportRead(periodId: string, onSaved: (p: TPeriodProgress) => void): void {
  api(
    periodLogSave,
    { periodId, reportId: reportId(), event: 'read', currentPosition: 0, watchedRanges: [] },
    { toast: false },
  ).then(onSaved, () => undefined);
}
