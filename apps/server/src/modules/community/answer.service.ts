import type { TPageQuery } from '#contract/call.ts';
import type { TAnswer, TAnswerComment, TMyAnswer, TQuestionView } from '#contract/community-question.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import type { ContentGuard } from './content-guard.ts';
import type { QuestionService } from './question.service.ts';
import { answerRepo, type AnswerRepo, type AnswerRow } from './answer.repo.ts';
import { questionRepo } from './question.repo.ts';
import { presentAnswer, presentComment, presentMyAnswer, presentPerson } from './question.presenter.ts';
import { mayAccept, mayDeleteAnswer, mayDeleteAnswerComment, visibleTo } from './question.policy.ts';
import { plainLength } from './question-text.ts';

export interface AnswerDeps {
  users: UserService;
  messages: MessageService;
  questions: QuestionService;
  guard: ContentGuard;
}

const short = (title: string) => ([...title].length > 30 ? `${[...title].slice(0, 30).join('')}…` : title);

/** Answers to questions, comments on answers, likes, and the asker's accepting one answer. */
export class AnswerService {
  readonly repo: AnswerRepo;
  private readonly p: Platform;
  private readonly deps: AnswerDeps;
  constructor(p: Platform, deps: AnswerDeps) {
    this.p = p;
    this.deps = deps;
    this.repo = answerRepo(p.db);
  }

  /** An answer, or with `answerId` a comment on one; the asker hears of a new answer. */
  async save(
    siteId: bigint,
    userId: bigint,
    input: { questionId: string; answerId?: string; content: string; commentText: string },
  ): Promise<{ answer: TAnswer | null; comment: TAnswerComment | null }> {
    const q = await this.deps.questions.readable(siteId, BigInt(input.questionId), userId);
    const me = await this.deps.users.brief(siteId, userId);
    if (input.answerId) {
      const answer = visibleTo(await this.repo.byId(siteId, BigInt(input.answerId)), userId, '回答');
      if (answer.questionId !== q.id) throw notFound('回答');
      await this.deps.guard.checkWords(siteId, [{ label: '评论', text: input.commentText }]);
      await this.deps.guard.takePostingSlot(siteId, userId, 'answerComment');
      const c = await withTransaction(this.p.db, async (tx) => {
        const repo = answerRepo(tx);
        const row = await repo.insertComment(siteId, answer, userId, input.commentText);
        await repo.recountComments(siteId, answer.id);
        return row;
      });
      return { answer: null, comment: presentComment(c, me) };
    }
    if (plainLength(input.content) === 0) throw fail('请填写回答内容');
    await this.deps.guard.checkWords(siteId, [{ label: '回答', text: input.content }]);
    await this.deps.guard.takePostingSlot(siteId, userId, 'answer');
    const a = await withTransaction(this.p.db, async (tx) => {
      const row = await answerRepo(tx).insert(siteId, q.id, userId, input.content);
      await questionRepo(tx).recount(siteId, q.id, true);
      return row;
    });
    if (q.userId !== userId) {
      const who = presentPerson(userId, me).nickname;
      await this.deps.messages.send(
        siteId,
        q.userId,
        '你的问题有了新回答',
        `${who} 回答了你的问题「${short(q.title)}」，快去看看吧。`,
      );
    }
    return { answer: presentAnswer(a, new Map([[userId, me]]), q.acceptedAnswerId, []), comment: null };
  }

  /** A question's answers, the accepted one first, each with its newest comments. */
  async list(siteId: bigint, q: TPageQuery & { questionId: string }): Promise<Page<TAnswer>> {
    const question = await this.deps.questions.readable(siteId, BigInt(q.questionId), null);
    const { rows, total } = await this.repo.ofQuestion(siteId, question.id, question.acceptedAnswerId, q);
    const comments = await this.repo.commentsOf(
      siteId,
      rows.map((r) => r.id),
    );
    const people = new Set(rows.map((r) => r.userId));
    for (const list of comments.values()) for (const c of list) people.add(c.userId);
    const users = await this.deps.users.briefs(siteId, [...people]);
    return toPage(rows, total, q, (r) => presentAnswer(r, users, question.acceptedAnswerId, comments.get(r.id) ?? []));
  }

  async mine(siteId: bigint, userId: bigint, q: TPageQuery): Promise<Page<TMyAnswer>> {
    return this.answerPage(siteId, q, await this.repo.byUser(siteId, userId, q));
  }

  async adminPage(
    siteId: bigint,
    q: TPageQuery & { questionId: string; keyword: string; isHidden?: number },
  ): Promise<Page<TMyAnswer>> {
    const questionId = q.questionId ? BigInt(q.questionId) : null;
    return this.answerPage(siteId, q, await this.repo.adminPage(siteId, { ...q, questionId }));
  }

  async likedIn(siteId: bigint, userId: bigint, questionId: bigint): Promise<string[]> {
    return (await this.repo.likedIn(siteId, userId, questionId)).map(String);
  }

  async like(
    siteId: bigint,
    userId: bigint,
    answerId: string,
    like: boolean,
  ): Promise<{ answerId: string; liked: boolean; likeCount: number }> {
    const a = visibleTo(await this.repo.byId(siteId, BigInt(answerId)), userId, '回答');
    await this.deps.questions.readable(siteId, a.questionId, userId);
    if (like && a.userId === userId) throw fail('不能给自己的回答点赞');
    const likeCount = await withTransaction(this.p.db, (tx) => answerRepo(tx).setLike(siteId, userId, a, like));
    return { answerId: String(a.id), liked: like, likeCount };
  }

  /** The asker accepts one answer, once; its author hears of it. */
  async accept(siteId: bigint, userId: bigint, answerId: string): Promise<TQuestionView> {
    const a = await this.repo.byId(siteId, BigInt(answerId));
    if (!a) throw notFound('回答');
    const q = await this.deps.questions.readable(siteId, a.questionId, userId);
    mayAccept(q, a, userId);
    const accepted = await this.deps.questions.repo.accept(siteId, q.id, a.id);
    if (!accepted) throw fail('这个问题已经采纳了一条回答，不能再采纳');
    await this.deps.messages.send(
      siteId,
      a.userId,
      '你的回答被采纳了',
      `你在问题「${short(q.title)}」下的回答被提问者采纳，感谢你的帮助！`,
    );
    return this.deps.questions.present(siteId, accepted);
  }

  /** Deletes one's own answer (with its comments), or a comment one wrote or that is under one's answer. */
  async remove(siteId: bigint, userId: bigint, id: string, commentType: 1 | 2): Promise<null> {
    if (commentType === 2) {
      const c = await this.repo.commentById(siteId, BigInt(id));
      if (!c) throw notFound('评论');
      mayDeleteAnswerComment(c, await this.repo.byId(siteId, c.answerId), userId);
      await withTransaction(this.p.db, async (tx) => {
        await answerRepo(tx).removeComment(siteId, c.id);
        await answerRepo(tx).recountComments(siteId, c.answerId);
      });
      return null;
    }
    const a = mayDeleteAnswer(await this.repo.byId(siteId, BigInt(id)), userId);
    await this.removeAnswer(siteId, a);
    return null;
  }

  async adminRemove(siteId: bigint, id: string): Promise<null> {
    const a = await this.repo.byId(siteId, BigInt(id));
    if (!a) throw notFound('回答');
    await this.removeAnswer(siteId, a);
    return null;
  }

  async setHidden(siteId: bigint, id: bigint, isHidden: number): Promise<null> {
    const a = await this.repo.byId(siteId, id);
    if (!a) throw notFound('回答');
    await withTransaction(this.p.db, async (tx) => {
      await answerRepo(tx).setHidden(siteId, a.id, isHidden);
      await questionRepo(tx).recount(siteId, a.questionId, false);
    });
    return null;
  }

  async setCommentHidden(siteId: bigint, id: bigint, isHidden: number): Promise<null> {
    const c = await this.repo.commentById(siteId, id);
    if (!c) throw notFound('评论');
    await withTransaction(this.p.db, async (tx) => {
      await answerRepo(tx).setCommentHidden(siteId, c.id, isHidden);
      await answerRepo(tx).recountComments(siteId, c.answerId);
    });
    return null;
  }

  private async removeAnswer(siteId: bigint, a: AnswerRow): Promise<void> {
    await withTransaction(this.p.db, async (tx) => {
      await answerRepo(tx).remove(siteId, a.id);
      await questionRepo(tx).unaccept(siteId, a.id);
      await questionRepo(tx).recount(siteId, a.questionId, false);
    });
  }

  private async answerPage(
    siteId: bigint,
    q: TPageQuery,
    { rows, total }: { rows: AnswerRow[]; total: number },
  ): Promise<Page<TMyAnswer>> {
    const [users, questions] = await Promise.all([
      this.deps.users.briefs(siteId, [...new Set(rows.map((r) => r.userId))]),
      this.deps.questions.repo.briefs(siteId, [...new Set(rows.map((r) => r.questionId))]),
    ]);
    return toPage(rows, total, q, (r) => presentMyAnswer(r, users, questions.get(r.questionId)));
  }
}
