import * as c from '#contract/feedback.ts';
import type { Router } from '../../platform/http/route.ts';
import type { FeedbackService } from './feedback.service.ts';

export function feedbackRoutes(on: Router, feedback: FeedbackService): void {
  on(c.feedbackSave, ({ site, actor, body }) => feedback.save(site.id, actor.id, body));
  on(c.feedbackPage, ({ site, actor, body }) => feedback.page(site.id, actor.id, body));
  on(c.adminFeedbackPage, ({ site, body }) => feedback.adminPage(site.id, body));
  on(c.adminFeedbackReply, ({ site, actor, body }) => feedback.reply(site.id, actor.id, body.id, body.replyText));
}
