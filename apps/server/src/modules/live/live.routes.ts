import * as c from '#contract/live.ts';
import type { Router } from '../../platform/http/route.ts';
import type { LiveService } from './live.service.ts';
import type { LiveBroadcastService } from './live-broadcast.service.ts';
import type { LiveDraftService } from './live-draft.service.ts';

export function liveRoutes(
  on: Router,
  live: LiveService,
  broadcasts: LiveBroadcastService,
  drafts: LiveDraftService,
): void {
  on(c.livePlanList, ({ site, body }) => live.plan(site.id, body));
  on(c.liveCourseSessions, ({ site, body }) => live.ofCourse(site.id, BigInt(body.courseId)));
  on(c.liveSessionView, ({ site, body }) => live.viewPublic(site.id, BigInt(body.periodId)));
  on(c.getLiveUrl, ({ site, actor, body }) => live.liveUrl(site.id, actor.id, BigInt(body.periodId)));
  on(c.getPlaybackUrl, ({ site, actor, body }) => live.playbackUrl(site.id, actor.id, BigInt(body.periodId)));
  on(c.courseChannelView, ({ site, actor }) => live.channel(site.id, actor.id));
  on(c.courseChannelReset, ({ site, actor }) => live.resetKey(site.id, actor.id));
  on(c.courseChannelPasswd, ({ site, actor, body }) => live.setPassword(site.id, actor.id, body.channelPwd));
  on(c.liveSessionSave, ({ site, actor, body }) => live.saveSession(site.id, actor.id, body));
  on(c.liveSessionMine, ({ site, actor, body }) => live.mine(site.id, actor.id, body));
  on(c.liveChannelLogList, ({ site, actor, body }) => live.logPage(site.id, actor.id, body));
  on(c.liveChannelLogView, ({ site, actor, body }) => live.detail(site.id, actor.id, BigInt(body.periodId)));
  on(c.liveChannelLogSave, ({ site, actor, body }) => broadcasts.stopOwn(site.id, actor.id, BigInt(body.periodId)));
  on(c.liveChannelToken, ({ site, actor, body }) => live.roomToken(site.id, actor.id, BigInt(body.periodId)));
  on(c.liveSessionAuditList, ({ site, actor, body }) => drafts.list(site.id, actor.id, BigInt(body.courseId)));
  on(c.liveSessionAuditSave, ({ site, actor, body }) => drafts.save(site.id, actor.id, body));
  on(c.liveSessionAuditDelete, ({ site, actor, body }) => drafts.remove(site.id, actor.id, BigInt(body.periodId)));
  on(c.liveAdminLiving, ({ site }) => live.living(site.id));
  on(c.liveAdminStop, ({ site, body }) => broadcasts.stopByPeriod(site.id, BigInt(body.periodId)));
}
