import * as c from '#contract/community-question.ts';
import type { Router } from '../../platform/http/route.ts';
import type { LabelService } from './label.service.ts';
import type { QuestionService } from './question.service.ts';
import type { AnswerService } from './answer.service.ts';

export function questionRoutes(on: Router, labels: LabelService, questions: QuestionService, answers: AnswerService) {
  on(c.labelList, ({ site, body }) => labels.list(site.id, body.labelType));
  on(c.questionList, ({ site, body }) => questions.list(site.id, body));
  on(c.questionSearchList, ({ site, body }) => questions.search(site.id, body));
  on(c.questionView, ({ site, body }) => questions.view(site.id, body.id));
  on(c.questionCommentList, ({ site, body }) => answers.list(site.id, body));

  on(c.questionSave, ({ site, actor, body }) => questions.ask(site.id, actor.id, body));
  on(c.questionUpdate, ({ site, actor, body }) => questions.update(site.id, actor.id, body.id, body));
  on(c.questionDelete, ({ site, actor, body }) => questions.remove(site.id, actor.id, body.id));
  on(c.myQuestionList, ({ site, actor, body }) => questions.mine(site.id, actor.id, body));
  on(c.questionViewMine, async ({ site, actor, body }) => {
    const { row, view } = await questions.viewFor(site.id, actor.id, body.id);
    return {
      question: view,
      isAsker: row.userId === actor.id,
      likedAnswerIds: await answers.likedIn(site.id, actor.id, row.id),
    };
  });
  on(c.answerSave, ({ site, actor, body }) => answers.save(site.id, actor.id, body));
  on(c.answerAccept, ({ site, actor, body }) => answers.accept(site.id, actor.id, body.answerId));
  on(c.answerLike, ({ site, actor, body }) => answers.like(site.id, actor.id, body.answerId, body.like === 1));
  on(c.myAnswerList, ({ site, actor, body }) => answers.mine(site.id, actor.id, body));
  on(c.answerDelete, ({ site, actor, body }) => answers.remove(site.id, actor.id, body.id, body.commentType));

  on(c.adminLabel.list, ({ site, body }) => labels.adminList(site.id, body.labelType));
  on(c.adminLabel.save, ({ site, body }) => labels.create(site.id, body));
  on(c.adminLabel.update, ({ site, body }) => labels.update(site.id, body.id, body));
  on(c.adminLabel.delete, ({ site, body }) => labels.remove(site.id, body.id));
  on(c.adminLabel.sort, ({ site, body }) => labels.sort(site.id, body.ids));

  on(c.adminQuestion.page, ({ site, body }) => questions.adminPage(site.id, body));
  on(c.adminQuestion.hide, ({ site, body }) => questions.setHidden(site.id, body.id, 1));
  on(c.adminQuestion.restore, ({ site, body }) => questions.setHidden(site.id, body.id, 0));
  on(c.adminQuestion.delete, ({ site, body }) => questions.adminRemove(site.id, body.id));
  on(c.adminQuestion.answerPage, ({ site, body }) => answers.adminPage(site.id, body));
  on(c.adminQuestion.answerHide, ({ site, body }) => answers.setHidden(site.id, BigInt(body.id), 1));
  on(c.adminQuestion.answerRestore, ({ site, body }) => answers.setHidden(site.id, BigInt(body.id), 0));
  on(c.adminQuestion.answerDelete, ({ site, body }) => answers.adminRemove(site.id, body.id));
}
