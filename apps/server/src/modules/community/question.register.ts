import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { ContentGuard, ReportableContent } from './content-guard.ts';
import type { ContentSearch } from './community-search.source.ts';
import { LabelService } from './label.service.ts';
import { QuestionService } from './question.service.ts';
import { AnswerService } from './answer.service.ts';
import { questionRoutes } from './question.routes.ts';
import { questionReportables } from './question.reportables.ts';

export interface QuestionRegisterDeps {
  users: UserService;
  messages: MessageService;
  /** Sensitive words and posting limits, asked on every question, answer and comment saved. */
  guard: ContentGuard;
  /** the search index: the question search call's ids, and re-indexing a changed question */
  search: ContentSearch;
}

/** Community labels, questions and answers: builds the services, registers the calls, offers the reportables. */
export function registerQuestions({ on, p }: ModuleContext, { users, messages, guard, search }: QuestionRegisterDeps) {
  const labels = new LabelService(p);
  const questions = new QuestionService(p, { users, labels, guard, search });
  const answers = new AnswerService(p, { users, messages, questions, guard });
  questionRoutes(on, labels, questions, answers);
  const reportables: ReportableContent[] = questionReportables(questions, answers);
  return { labels, questions, answers, reportables };
}
