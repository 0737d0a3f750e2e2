import * as c from '#contract/vod.ts';
import type { Router } from '../../platform/http/route.ts';
import type { VodPlayService } from './vod-play.service.ts';

export function vodRoutes(on: Router, play: VodPlayService): void {
  on(c.vodPlay, ({ site, actor, body }) => play.play(site.id, actor.id, BigInt(body.periodId)));
}
