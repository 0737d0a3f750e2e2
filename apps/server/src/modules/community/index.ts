import type { ModuleContext } from '../module.ts';
import type { MessageService } from '../message/message.service.ts';
import type { UserService } from '../user/user.service.ts';
import { registerModeration } from './moderation.register.ts';
import { registerQuestions } from './question.register.ts';

export interface CommunityDeps {
  users: UserService;
  messages: MessageService;
}
export type CommunityServices = ReturnType<typeof registerCommunity>;

/**
 * The community: questions and answers and the labels they name, and keeping them clean. Moderation comes first:
 * it is the guard every writing service asks, and each kind of content joins its report queue.
 */
export function registerCommunity(ctx: ModuleContext, { users, messages }: CommunityDeps) {
  const { moderation, reports, sensitiveWords } = registerModeration(ctx, { users });
  const questions = registerQuestions(ctx, { users, messages, guard: moderation });
  for (const target of questions.reportables) moderation.register(target);
  return {
    moderation,
    reports,
    sensitiveWords,
    questionLabels: questions.labels,
    questions: questions.questions,
    answers: questions.answers,
  };
}
