import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchType } from '#contract/search.ts';
import { contentSearch } from './community-search.source.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let asker: TestUser;
let ann: TestUser;
let bob: TestUser;
let admin: { headers: { token: string } };
let labels: { labelNo: string; labelName: string }[];
beforeAll(async () => {
  t = await createTestApp();
  asker = await demoUser(t, '13800000002');
  ann = await newUser(t, '13900002001', { nickname: '安同学' });
  bob = await newUser(t, '13900002002', { nickname: '波同学' });
  admin = await adminHeaders(t);
  labels = (await t.call('/community/api/label/list', { labelType: 2 })).data;
});
afterAll(async () => t?.close());

const ask = (u: TestUser, body: object) => t.call('/community/auth/questions/save', body, u.headers);
const answer = (u: TestUser, questionId: string, content: string) =>
  t.call('/community/auth/questions/comment/save', { questionId, content }, u.headers);
const answers = async (questionId: string) =>
  (await t.call('/community/api/questions/comment/list', { questionId })).data;
const inbox = async (u: TestUser) => (await t.call('/user/auth/msg/user/list', {}, u.headers)).data.list;

describe('the demo community', () => {
  it('lists the question labels in order and twenty questions, newest first', async () => {
    expect(labels.map((l) => l.labelName)).toEqual([
      'Java',
      '前端',
      'Python',
      '数据库',
      '考试',
      '职场',
      '算法',
      '运维',
    ]);
    const all = (await t.call('/community/api/questions/list', { labelNo: '' })).data;
    expect(all.totalCount).toBe(20);
    expect(all.list[0]).toMatchObject({ title: 'Java 中 HashMap 和 ConcurrentHashMap 该怎么选？', accepted: 1 });
    expect(all.list[0].summary).not.toContain('<');
  });

  it("filters a label's tab, finds the unanswered and puts the most answered first under hot", async () => {
    const java = labels.find((l) => l.labelName === 'Java')!;
    const tab = (await t.call('/community/api/questions/list', { labelNo: java.labelNo })).data;
    expect(tab.totalCount).toBe(3);
    expect(tab.list.every((q: any) => q.labels.some((l: any) => l.labelName === 'Java'))).toBe(true);
    const open = (await t.call('/community/api/questions/list', { sort: 'unanswered' })).data;
    expect(open.list.map((q: any) => q.answerCount)).toEqual(open.list.map(() => 0));
    expect(open.totalCount).toBe(2);
    const hot = (await t.call('/community/api/questions/list', { sort: 'hot', pageSize: 3 })).data;
    expect(hot.list[0].answerCount).toBe(2);
    expect(hot.totalPage).toBe(7);
  });

  it('searches titles', async () => {
    const found = (await t.call('/community/api/questions/search/list', { title: 'docker' })).data;
    expect(found.list.map((q: any) => q.title)).toEqual(['Docker 容器里的时区不对怎么处理？']);
    expect((await t.call('/community/api/questions/search/list', { title: ' ' })).msg).toBe('请填写搜索的关键词');
  });
});

describe('asking, answering and accepting', () => {
  let qid: string;
  it('asks with two labels, cleaning the body', async () => {
    const [java, sql] = [labels[0]!, labels[3]!];
    const res = await ask(asker, {
      title: '事务隔离级别怎么选？',
      content: '<p onclick="x()">读已提交还是可重复读？<script>alert(1)</script></p>',
      labelIds: [java.labelNo, sql.labelNo],
    });
    expect(res.code).toBe(200);
    qid = res.data.id;
    expect(res.data.labels.map((l: any) => l.labelName)).toEqual(['Java', '数据库']);
    expect(res.data.content).toBe('<p>读已提交还是可重复读？</p>');
    expect(res.data.asker.nickname).toBe('王老师');
  });

  it('refuses a bad question and stores nothing', async () => {
    const before = (await t.call('/community/auth/questions/list', {}, asker.headers)).data.totalCount;
    const four = labels.slice(0, 4).map((l) => l.labelNo);
    expect((await ask(asker, { title: '四个标签的问题', labelIds: four })).msg).toBe('最多选择 3 个标签');
    expect((await ask(asker, { title: '短', labelIds: [] })).msg).toBe('问题标题至少 5 个字，请把问题说清楚');
    expect((await ask(asker, { title: '不存在的标签', labelIds: ['123456789'] })).msg).toBe(
      '所选标签不存在或已停用，请重新选择',
    );
    expect((await t.call('/community/auth/questions/list', {}, asker.headers)).data.totalCount).toBe(before);
    expect((await t.call('/community/auth/questions/save', { title: '没有登录的提问' })).code).toBe(302);
  });

  it('takes two answers and tells the asker of each', async () => {
    const a = await answer(ann, qid, '<p>默认用<strong>读已提交</strong>。</p>');
    expect(a.data.answer).toMatchObject({ content: '<p>默认用<strong>读已提交</strong>。</p>', isAccepted: 0 });
    expect((await answer(bob, qid, '<p>MySQL 默认可重复读。</p>')).code).toBe(200);
    expect((await answer(bob, qid, '<p> </p>')).msg).toBe('请填写回答内容');
    const list = await answers(qid);
    expect(list.totalCount).toBe(2);
    const mine = (await t.call('/community/auth/questions/list', {}, asker.headers)).data.list[0];
    expect(mine).toMatchObject({ id: qid, answerCount: 2 });
    const msgs = await inbox(asker);
    expect(msgs.filter((m: any) => m.msgTitle === '你的问题有了新回答')).toHaveLength(2);
    expect(msgs[0].msgText).toContain('波同学');
  });

  it('lets the asker alone accept one answer, once, and tells its author', async () => {
    const [first, second] = (await answers(qid)).list;
    expect((await t.call('/community/auth/questions/comment/accept', { answerId: first.id }, bob.headers)).msg).toBe(
      '只有提问者可以采纳回答',
    );
    const ok = await t.call('/community/auth/questions/comment/accept', { answerId: second.id }, asker.headers);
    expect(ok.data).toMatchObject({ acceptedAnswerId: second.id, accepted: 1 });
    const again = await t.call('/community/auth/questions/comment/accept', { answerId: first.id }, asker.headers);
    expect(again.msg).toBe('这个问题已经采纳了一条回答，不能再采纳');
    const list = (await answers(qid)).list;
    expect(list[0]).toMatchObject({ id: second.id, isAccepted: 1 });
    expect(list[1]).toMatchObject({ id: first.id, isAccepted: 0 });
    expect((await inbox(bob))[0].msgTitle).toBe('你的回答被采纳了');
    expect((await inbox(ann)).some((m: any) => m.msgTitle === '你的回答被采纳了')).toBe(false);
  });

  it('likes an answer once, not one’s own, and undoes it', async () => {
    const [accepted] = (await answers(qid)).list;
    const like = (u: TestUser, l = 1) =>
      t.call('/community/auth/questions/user/record/save', { answerId: accepted.id, like: l }, u.headers);
    expect((await like(ann)).data).toMatchObject({ liked: true, likeCount: 1 });
    expect((await like(ann)).data.likeCount).toBe(1);
    expect((await like(bob)).msg).toBe('不能给自己的回答点赞');
    const mine = (await t.call('/community/auth/questions/view', { id: qid }, ann.headers)).data;
    expect(mine).toMatchObject({ isAsker: false, likedAnswerIds: [accepted.id] });
    expect((await like(ann, 0)).data).toMatchObject({ liked: false, likeCount: 0 });
  });

  it('takes comments on answers, which the answer’s author may delete', async () => {
    const [accepted] = (await answers(qid)).list;
    const c = await t.call(
      '/community/auth/questions/comment/save',
      { questionId: qid, answerId: accepted.id, commentText: '<b>学到了</b>' },
      ann.headers,
    );
    expect(c.data.comment).toMatchObject({ commentText: '<b>学到了</b>', user: { nickname: '安同学' } });
    expect(
      (await t.call('/community/auth/questions/comment/save', { questionId: qid, answerId: accepted.id }, ann.headers))
        .msg,
    ).toBe('请填写评论内容');
    expect((await answers(qid)).list[0]).toMatchObject({ commentCount: 1, comments: [{ id: c.data.comment.id }] });
    const del = (u: TestUser) =>
      t.call('/community/auth/questions/comment/delete', { id: c.data.comment.id, commentType: 2 }, u.headers);
    expect((await del(asker)).msg).toBe('只能删除自己的评论，或自己回答下的评论');
    expect((await del(bob)).code).toBe(200);
    expect((await answers(qid)).list[0]).toMatchObject({ commentCount: 0, comments: [] });
  });

  it("keeps others' questions and answers out of reach", async () => {
    expect((await t.call('/community/auth/questions/delete', { id: qid }, ann.headers)).msg).toBe(
      '只能修改或删除自己提出的问题',
    );
    const upd = { id: qid, title: '被别人改掉的标题', labelIds: [] };
    expect((await t.call('/community/auth/questions/update', upd, ann.headers)).msg).toBe(
      '只能修改或删除自己提出的问题',
    );
    const [accepted] = (await answers(qid)).list;
    expect(
      (await t.call('/community/auth/questions/comment/delete', { id: accepted.id, commentType: 1 }, ann.headers)).msg,
    ).toBe('只能删除自己的回答');
    expect((await t.call('/community/api/questions/view', { id: qid })).data.title).toBe('事务隔离级别怎么选？');
  });

  it('lists my answers with their questions, and deleting the accepted one frees the question', async () => {
    const mine = (await t.call('/community/auth/questions/comment/list', {}, bob.headers)).data;
    expect(mine.list[0]).toMatchObject({ questionTitle: '事务隔离级别怎么选？', isAccepted: 1 });
    await t.call('/community/auth/questions/comment/delete', { id: mine.list[0].id, commentType: 1 }, bob.headers);
    const view = (await t.call('/community/api/questions/view', { id: qid })).data;
    expect(view).toMatchObject({ accepted: 0, acceptedAnswerId: '', answerCount: 1 });
  });
});

describe('the administrator', () => {
  it('hides a question from everyone but its asker, and restores it', async () => {
    const q = (await ask(ann, { title: '这个问题会被隐藏吗', labelIds: [] })).data;
    expect((await t.call('/community/admin/questions/hide', { id: q.id }, admin)).code).toBe(200);
    expect((await t.call('/community/api/questions/view', { id: q.id })).msg).toBe('问题不存在或已删除');
    expect((await answer(bob, q.id, '<p>看不见的问题</p>')).msg).toBe('问题不存在或已删除');
    expect((await t.call('/community/auth/questions/view', { id: q.id }, ann.headers)).data.question.isHidden).toBe(1);
    const listed = (await t.call('/community/api/questions/list', {})).data.list;
    expect(listed.some((x: any) => x.id === q.id)).toBe(false);
    await t.call('/community/admin/questions/restore', { id: q.id }, admin);
    expect((await t.call('/community/api/questions/view', { id: q.id })).code).toBe(200);
    expect((await t.call('/community/admin/questions/hide', { id: q.id }, ann.headers)).code).toBe(306);
  });

  it('hides an answer, which then leaves the count and the list', async () => {
    const q = (await ask(ann, { title: '回答会被隐藏的问题', labelIds: [] })).data;
    const a = (await answer(bob, q.id, '<p>广告内容</p>')).data.answer;
    const page = (await t.call('/community/admin/questions/answer/page', { questionId: q.id }, admin)).data;
    expect(page.list[0]).toMatchObject({ id: a.id, questionTitle: '回答会被隐藏的问题', isHidden: 0 });
    await t.call('/community/admin/questions/answer/hide', { id: a.id }, admin);
    expect((await answers(q.id)).totalCount).toBe(0);
    expect((await t.call('/community/api/questions/view', { id: q.id })).data.answerCount).toBe(0);
    await t.call('/community/admin/questions/answer/delete', { id: a.id }, admin);
    expect((await t.call('/community/admin/questions/answer/page', { questionId: q.id }, admin)).data.totalCount).toBe(
      0,
    );
  });

  it('keeps the labels: add, rename, refuse a twin, sort and delete', async () => {
    const add = await t.call('/community/admin/label/save', { labelName: 'Go', labelType: 2 }, admin);
    expect(add.data).toMatchObject({ labelName: 'Go', labelType: 2 });
    expect((await t.call('/community/admin/label/save', { labelName: 'Go' }, admin)).msg).toBe('已有名为「Go」的标签');
    const q = (await ask(ann, { title: '用 Go 写接口服务', labelIds: [add.data.id] })).data;
    expect(q.labels).toEqual([{ labelNo: add.data.id, labelName: 'Go' }]);
    await t.call('/community/admin/label/update', { id: add.data.id, labelName: 'Golang' }, admin);
    const ids = (await t.call('/community/admin/label/list', { labelType: 2 }, admin)).data.map((l: any) => l.id);
    await t.call(
      '/community/admin/label/sort',
      { ids: [add.data.id, ...ids.filter((i: string) => i !== add.data.id)] },
      admin,
    );
    const shown = (await t.call('/community/api/label/list', { labelType: 2 })).data;
    expect(shown[0].labelName).toBe('Golang');
    await t.call('/community/admin/label/delete', { id: add.data.id }, admin);
    expect((await t.call('/community/api/questions/view', { id: q.id })).data.labels).toEqual([]);
  });
});

describe('the content guard', () => {
  it('refuses a question or an answer holding a sensitive word, storing nothing', async () => {
    const { QuestionService } = await import('./question.service.ts');
    const { AnswerService } = await import('./answer.service.ts');
    const { LabelService } = await import('./label.service.ts');
    const { fail } = await import('../../platform/http/errors.ts');
    const guard = {
      async checkWords(_siteId: bigint, fields: readonly { label: string; text: string }[]) {
        const bad = fields.find((f) => f.text.includes('代考'));
        if (bad) throw fail(`${bad.label}含有敏感词「代考」，请修改后再提交`);
      },
      takePostingSlot: async () => {},
    };
    const users = t.services.users;
    const questions = new QuestionService(t.platform, {
      users,
      labels: new LabelService(t.platform),
      guard,
      search: contentSearch(t.services.search, SearchType.QUESTION),
    });
    const guarded = new AnswerService(t.platform, { users, messages: t.services.messages, questions, guard });
    const me = BigInt(ann.id);
    await expect(questions.ask(t.siteId, me, { title: '哪里可以找人代考', content: '', labelIds: [] })).rejects.toThrow(
      '问题标题含有敏感词「代考」，请修改后再提交',
    );
    const q = await questions.ask(t.siteId, me, { title: '考试前怎么复习', content: '', labelIds: [] });
    await expect(
      guarded.save(t.siteId, BigInt(bob.id), { questionId: q.id, content: '<p>找我代考</p>', commentText: '' }),
    ).rejects.toThrow('回答含有敏感词「代考」，请修改后再提交');
    expect((await answers(q.id)).totalCount).toBe(0);
    const mine = (await t.call('/community/auth/questions/list', {}, ann.headers)).data.list;
    expect(mine.some((x: any) => x.title.includes('代考'))).toBe(false);
  });
});
