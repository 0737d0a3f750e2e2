import type { ModuleContext } from '../module.ts';
import { LiveService, type LiveDeps } from './live.service.ts';
import { LiveBroadcastService } from './live-broadcast.service.ts';
import { ChatHub } from './live-chat.ts';
import { liveRoutes } from './live.routes.ts';
import { liveMediaRoutes } from './live-media.routes.ts';
import { LiveDraftService } from './live-draft.service.ts';
import { LiveReminder } from './live-reminder.ts';

export type LiveServices = ReturnType<typeof registerLive>;

/**
 * Live courses: channels, sessions and their schedule, the RTMP ingest and browser broadcast into ffmpeg's HLS,
 * the chat rooms, replays made by the transcode pipeline, the sessions of live course drafts and the reminder
 * learners get before a session starts. The ingest and the rooms start with the server
 * and stop with it.
 */
export function registerLive({ on, p, http }: ModuleContext, deps: LiveDeps) {
  const live = new LiveService(p, deps);
  const broadcasts = new LiveBroadcastService(p, live, deps.vod, deps.courses);
  const chat = new ChatHub(p, live.repo, deps.users);
  const drafts = new LiveDraftService(live, deps.studio, deps.outline, deps.entitlement);
  const reminders = new LiveReminder(p, live.repo, deps.entitlement, deps.messages);
  reminders.register(live);
  liveRoutes(on, live, broadcasts, drafts);
  liveMediaRoutes(http, live, broadcasts, chat);
  http.addHook('onReady', async () => {
    await chat.start();
    // a worker process takes no pushes: encoders and browsers reach the web processes
    if (p.config.role !== 'worker') await broadcasts.startIngest();
  });
  http.addHook('onClose', async () => {
    await broadcasts.stop();
    await chat.stop();
  });
  return { live, liveBroadcasts: broadcasts, liveChat: chat, liveDrafts: drafts, liveReminders: reminders };
}
