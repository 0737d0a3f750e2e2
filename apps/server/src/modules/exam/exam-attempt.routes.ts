import * as a from '#contract/exam-attempt.ts';
import * as x from '#contract/exam-practice.ts';
import type { Router } from '../../platform/http/route.ts';
import type { ExamServices } from './index.ts';
import { sendFile, XLSX_TYPE } from '../../platform/http/download.ts';

/** Attempts, marking, statistics, the export, the wrong-answer book, practice and favourites. */
export function examAttemptRoutes(on: Router, s: ExamServices): void {
  const { attempts, results, marking, exports, book, practice, exercises } = s;
  on(a.examOnline, ({ site, actor, body }) => attempts.start(site.id, actor.id, body.examId));
  on(a.examContinue, ({ site, actor, body }) => attempts.resume(site.id, actor.id, body.recordId));
  on(a.answerSave, ({ site, actor, body }) =>
    attempts.save(site.id, actor.id, body.recordId, body.problemId, body.answer),
  );
  on(a.examFinish, ({ site, actor, body }) => attempts.finish(site.id, actor.id, body.recordId, body.answers));
  on(a.examLeave, ({ site, actor, body }) => attempts.leave(site.id, actor.id, body.recordId));
  on(a.recordList, ({ site, actor, body }) => attempts.list(site.id, actor.id, body));
  on(a.recordCheck, ({ site, actor, body }) => attempts.check(site.id, actor.id, body.examId));
  on(a.userExamList, ({ site, actor, body }) => attempts.papersSat(site.id, actor.id, body));
  on(a.answerView, ({ site, actor, body }) => results.view(site.id, actor.id, body.recordId));
  on(a.examSign, ({ site, actor, body }) =>
    results.sign(site.id, actor.id, body.problemId, body.recordId || undefined),
  );

  on(a.markPage, ({ site, actor, body }) => marking.markPage(site.id, actor.id, body));
  on(a.answerMark, ({ site, actor, body }) => marking.mark(site.id, actor.id, body));
  on(a.examStatistics, ({ site, actor, body }) => marking.statistics(site.id, actor.id, body.examId));
  // the workbook goes out as a download; a refusal before this point is the usual envelope
  on(a.examExport, async ({ site, actor, body, reply }) =>
    sendFile(reply, await exports.results(site.id, actor.id, body.examId), XLSX_TYPE, 'results.xlsx'),
  );

  on(x.errorCategoryList, ({ site, actor }) => book.categoryList(site.id, actor.id));
  on(x.errorPage, ({ site, actor, body }) => book.page(site.id, actor.id, body));
  on(x.errorView, ({ site, actor, body }) => book.view(site.id, actor.id, body.id));
  on(x.errorProblemView, ({ site, actor, body }) => book.problemView(site.id, actor.id, body.id));
  on(x.errorDeleteAll, ({ site, actor, body }) => book.removeAll(site.id, actor.id, body.subjectId));
  on(x.errorDelete, ({ site, actor, body }) => book.remove(site.id, actor.id, body.id));

  on(x.practiceSave, ({ site, actor, body }) => practice.save(site.id, actor.id, body));
  on(x.practiceView, ({ site, actor, body }) => practice.view(site.id, actor.id, body.id));
  on(x.practiceList, ({ site, actor, body }) => practice.list(site.id, actor.id, body));
  on(x.practiceDelete, ({ site, actor, body }) => practice.remove(site.id, actor.id, body.id));
  on(x.practiceSign, ({ site, actor, body }) => practice.sign(site.id, actor.id, body.problemId));
  on(x.practiceAnswerSave, ({ site, actor, body }) => practice.answer(site.id, actor.id, body));
  on(x.practiceAnswerDelete, ({ site, actor, body }) => practice.clearAnswers(site.id, actor.id, body.practiceId));

  on(x.collectionCollect, ({ site, actor, body }) => practice.collect(site.id, actor.id, body.collectionId));
  on(x.collectionDelete, ({ site, actor, body }) => practice.uncollect(site.id, actor.id, body.collectionId));
  on(x.collectionList, ({ site, actor, body }) => practice.collections(site.id, actor.id, body));

  on(x.courseExamRefSave, ({ site, actor, body }) => exercises.save(site.id, actor.id, body.periodId, body.problemIds));
  on(x.courseExamRefDelete, ({ site, actor, body }) =>
    exercises.remove(site.id, actor.id, body.periodId, body.problemId),
  );
  on(x.exerciseListForPage, ({ site, actor, body }) => exercises.list(site.id, actor.id, body));
}
