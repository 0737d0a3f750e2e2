import type { ModuleContext } from '../module.ts';
import { registerQuestions, type QuestionRegisterDeps } from './question.register.ts';

export type CommunityDeps = QuestionRegisterDeps;
export type CommunityServices = ReturnType<typeof registerCommunity>;

/** The community: questions and answers, and the labels they name. */
export function registerCommunity(ctx: ModuleContext, deps: CommunityDeps) {
  const questions = registerQuestions(ctx, deps);
  return {
    questionLabels: questions.labels,
    questions: questions.questions,
    answers: questions.answers,
    reportables: questions.reportables,
  };
}
