import type { Platform } from '../../platform/context.ts';
import type { ModuleContext } from '../module.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { EntitlementService } from '../course/entitlement.service.ts';
import type { VodService } from '../vod/vod.service.ts';
import { VodPlayService } from '../vod/vod-play.service.ts';
import { PeriodExerciseService } from './period-exercise.service.ts';
import { AttemptService } from './attempt.service.ts';
import { CategoryService } from './category.service.ts';
import { ErrorBookService } from './error-book.service.ts';
import { ExportService } from './export.service.ts';
import { HeldAttemptService } from './held-attempt.service.ts';
import { MarkingService } from './marking.service.ts';
import { PaperAuditService } from './paper-audit.service.ts';
import { PaperService } from './paper.service.ts';
import { PracticeService } from './practice.service.ts';
import { ProblemService } from './problem.service.ts';
import { ResultService, type HeldAnswers } from './result.service.ts';
import { ScoringService } from './scoring.service.ts';
import { examRoutes } from './exam.routes.ts';
import { examAttemptRoutes } from './exam-attempt.routes.ts';
import type { SearchService } from '../search/index.ts';
import { paperSearchSource } from './paper-search.source.ts';

export type ExamServices = ReturnType<typeof buildExam>;
export type { HeldAnswers };
export type { HeldBy } from './attempt.service.ts';
export type { HeldRecord } from './held-attempt.service.ts';

export interface ExamDeps {
  users: UserService;
  messages: MessageService;
  entitlement: EntitlementService;
  vod: VodService;
  /** the class exams' rule on showing answers, told of their scored attempts; the grade domain, registered after this one */
  heldAnswers: () => HeldAnswers;
  /** the search index: the paper source, and the paper centre's search call */
  search: SearchService;
}

function buildExam(p: Platform, { users, messages, entitlement, vod, heldAnswers, search }: ExamDeps) {
  const categories = new CategoryService(p);
  const problems = new ProblemService(p, users, vod);
  const papers = new PaperService(p, users, paperSearchSource(p.db, search));
  const paperAudit = new PaperAuditService(papers, problems, users, messages);
  const book = new ErrorBookService(p, problems);
  const scoring = new ScoringService(p, papers, book, heldAnswers);
  const exercises = new PeriodExerciseService(p, problems, entitlement);
  // explanation videos get the lesson player's signed URLs; the signing secret is shared through the database
  const videos = new VodPlayService(p, vod, entitlement, users);
  const practice = new PracticeService(p, problems, papers, book, exercises, videos);
  const attempts = new AttemptService(papers, scoring, practice);
  const marking = new MarkingService(p, scoring.repo, papers, users, messages, heldAnswers);
  const results = new ResultService(scoring.repo, papers, problems, users, videos, heldAnswers);
  const exports = new ExportService(scoring.repo, marking, users);
  const held = new HeldAttemptService(p, scoring.repo, papers, users);
  return {
    categories,
    problems,
    papers,
    paperAudit,
    book,
    scoring,
    practice,
    exercises,
    attempts,
    marking,
    results,
    exports,
    held,
  };
}

/** The exam domain. The two calls with an id in the path get it from the call wrapper, under the body's. */
export function registerExam({ on, p }: ModuleContext, deps: ExamDeps): ExamServices {
  const s = buildExam(p, deps);
  examRoutes(on, s);
  examAttemptRoutes(on, s);
  return s;
}
