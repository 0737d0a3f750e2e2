import type { ReportableContent } from './content-guard.ts';
import { plainSummary } from './question.presenter.ts';
import type { QuestionService } from './question.service.ts';
import type { AnswerService } from './answer.service.ts';

/** What the report queue shows of a question, an answer or a comment on an answer, and how it hides them. */
export function questionReportables(questions: QuestionService, answers: AnswerService): ReportableContent[] {
  return [
    {
      kind: 'question',
      async describe(siteId, id) {
        const q = await questions.repo.byId(siteId, id);
        return q
          ? { title: q.title, url: `/question/view/${q.id}`, authorId: q.userId, hidden: q.isHidden === 1 }
          : null;
      },
      hide: async (siteId, id) => void (await questions.setHidden(siteId, String(id), 1)),
      restore: async (siteId, id) => void (await questions.setHidden(siteId, String(id), 0)),
    },
    {
      kind: 'answer',
      async describe(siteId, id) {
        const a = await answers.repo.byId(siteId, id);
        return a
          ? {
              title: plainSummary(a.content),
              url: `/question/view/${a.questionId}#answer-${a.id}`,
              authorId: a.userId,
              hidden: a.isHidden === 1,
            }
          : null;
      },
      hide: async (siteId, id) => void (await answers.setHidden(siteId, id, 1)),
      restore: async (siteId, id) => void (await answers.setHidden(siteId, id, 0)),
    },
    {
      kind: 'answerComment',
      async describe(siteId, id) {
        const c = await answers.repo.commentById(siteId, id);
        return c
          ? {
              title: c.commentText,
              url: `/question/view/${c.questionId}#answer-${c.answerId}`,
              authorId: c.userId,
              hidden: c.isHidden === 1,
            }
          : null;
      },
      hide: async (siteId, id) => void (await answers.setCommentHidden(siteId, id, 1)),
      restore: async (siteId, id) => void (await answers.setCommentHidden(siteId, id, 0)),
    },
  ];
}
