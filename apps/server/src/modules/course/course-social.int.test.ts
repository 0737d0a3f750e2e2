import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser, type TestUser } from '../../testing/people.ts';
import type { CallDef } from '#contract/call.ts';
import * as courseContract from '#contract/course.ts';
import * as learnContract from '#contract/course-learn.ts';
import * as studyContract from '#contract/study.ts';
import { CourseService } from './course.service.ts';
import { CommentService } from './comment.service.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let lecturer: TestUser;
let js: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  lecturer = await demoUser(t, '13800000002');
  js = (await t.call('/course/api/course/list', { keyword: 'JavaScript 进阶' })).data.list[0].id;
});
afterAll(async () => t?.close());

const comments = async (who: TestUser | null, courseId = js) =>
  who
    ? (await t.call('/course/auth/course/comment/list', { courseId }, who.headers)).data
    : (await t.call('/course/api/course/comment/list', { courseId })).data;

describe('course comments', () => {
  it('lets the author and the course lecturer delete a comment, and nobody else', async () => {
    const author = await newUser(t, '13900006001', { nickname: '小明' });
    const other = await newUser(t, '13900006002');
    // read (and cached) before anyone comments: each change must show at once
    expect((await comments(null)).list).toEqual([]);
    const c1 = (
      await t.call(
        '/course/auth/course/comment/save',
        { courseId: js, commentText: '事件循环终于讲明白了' },
        author.headers,
      )
    ).data;
    expect(c1).toMatchObject({ nickname: '小明', commentText: '事件循环终于讲明白了', canDelete: 1, parentId: '' });
    const reply = (
      await t.call(
        '/course/auth/course/comment/save',
        { courseId: js, commentText: '同感', parentId: c1.id },
        other.headers,
      )
    ).data;
    expect(reply.parentId).toBe(c1.id);

    const visitor = await comments(null);
    expect(visitor.list.map((c: any) => [c.commentText, c.canDelete])).toEqual([
      ['同感', 0],
      ['事件循环终于讲明白了', 0],
    ]);
    // a full first page is counted, one with room to spare holds them all
    expect((await t.call('/course/api/course/comment/list', { courseId: js, pageSize: 1 })).data).toMatchObject({
      totalCount: 2,
      totalPage: 2,
    });
    expect(
      (await t.call('/course/api/course/comment/list', { courseId: js, pageSize: 1, pageCurrent: 2 })).data.list,
    ).toHaveLength(1);
    expect((await comments(other)).list.map((c: any) => c.canDelete)).toEqual([1, 0]);
    expect((await comments(lecturer)).list.map((c: any) => c.canDelete)).toEqual([1, 1]);

    expect(await t.call('/course/auth/course/comment/delete', { id: c1.id }, other.headers)).toMatchObject({
      code: 999,
      msg: '只能删除自己的评论，或自己课程下的评论',
    });
    expect((await t.call('/course/auth/course/comment/delete', { id: reply.id }, author.headers)).code).toBe(999);
    expect((await comments(null)).totalCount).toBe(2);

    expect((await t.call('/course/auth/course/comment/delete', { id: reply.id }, other.headers)).code).toBe(200);
    const c2 = (
      await t.call('/course/auth/course/comment/save', { courseId: js, commentText: '请问有课件吗？' }, author.headers)
    ).data;
    expect((await t.call('/course/auth/course/comment/delete', { id: c2.id }, lecturer.headers)).code).toBe(200);
    expect((await comments(null)).list.map((c: any) => c.commentText)).toEqual(['事件循环终于讲明白了']);
    expect((await t.call('/course/auth/course/comment/delete', { id: c2.id }, author.headers)).msg).toBe(
      '评论不存在或已删除',
    );
  });

  it('shows the first comment on a course to a process that kept its page as having none', async () => {
    const courses = new CourseService(t.platform, t.services.users, t.services.system, t.services.search);
    const elsewhere = new CommentService(t.platform, courses, t.services.users);
    const sql = (await t.call('/course/api/course/list', { keyword: 'SQL 数据查询入门' })).data.list[0].id;
    const firstPage = { courseId: sql, pageCurrent: 1, pageSize: 10 };
    expect(await elsewhere.page(t.siteId, null, firstPage)).toMatchObject({ list: [], totalCount: 0 });
    expect((await courses.viewBase(t.siteId, BigInt(sql)))?.hasComments).toBe(false);

    const u = await newUser(t, '13900006020', { nickname: '小林' });
    const saved = await t.call(
      '/course/auth/course/comment/save',
      { courseId: sql, commentText: '讲得很清楚' },
      u.headers,
    );
    expect(saved.code).toBe(200);
    expect(await elsewhere.page(t.siteId, null, firstPage)).toMatchObject({
      list: [{ nickname: '小林', commentText: '讲得很清楚' }],
      totalCount: 1,
    });
    // the public course page shows no trace of the fact
    expect((await t.call('/course/api/course/view', { courseId: sql })).data).not.toHaveProperty('hasComments');
  });

  it('refuses empty, overlong and misplaced comments', async () => {
    const u = await newUser(t, '13900006003');
    expect((await t.call('/course/auth/course/comment/save', { courseId: js, commentText: '  ' }, u.headers)).msg).toBe(
      '请填写评论内容',
    );
    expect(
      (await t.call('/course/auth/course/comment/save', { courseId: js, commentText: '长'.repeat(501) }, u.headers))
        .msg,
    ).toBe('评论内容不能超过 500 个字');
    expect(
      (await t.call('/course/auth/course/comment/save', { courseId: '404', commentText: '你好' }, u.headers)).msg,
    ).toBe('课程不存在或已删除');
    const elsewhere = (
      await t.call('/course/api/course/comment/list', {
        courseId: (await t.call('/course/api/course/list', { keyword: 'React' })).data.list[0].id,
      })
    ).data;
    expect(elsewhere.totalCount).toBe(0);
    expect(
      (
        await t.call(
          '/course/auth/course/comment/save',
          { courseId: js, commentText: '回复', parentId: '12345' },
          u.headers,
        )
      ).msg,
    ).toBe('要回复的评论不存在或已删除');
    expect((await t.call('/course/auth/course/comment/delete', { id: 'abc' }, u.headers)).code).toBe(999);
    expect((await t.call('/course/auth/course/comment/save', { courseId: js, commentText: '匿名' })).code).toBe(302);
  });
});

describe('favourites', () => {
  it('collects a course once, lists it and removes it', async () => {
    const u = await newUser(t, '13900006004');
    expect((await t.call('/course/auth/course/collection/save', { courseId: js }, u.headers)).data).toEqual({
      isCollect: 1,
    });
    expect((await t.call('/course/auth/course/collection/save', { courseId: js }, u.headers)).data).toEqual({
      isCollect: 1,
    });
    expect((await t.call('/course/auth/course/view', { courseId: js }, u.headers)).data.isCollect).toBe(1);
    const mine = (await t.call('/course/auth/user/collection/course/list', {}, u.headers)).data;
    expect(mine.totalCount).toBe(1);
    expect(mine.list[0]).toMatchObject({
      id: js,
      courseName: 'JavaScript 进阶：异步与模块化',
      collectTime: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      (await t.call('/course/auth/user/collection/course/list', { courseType: 3 }, u.headers)).data.totalCount,
    ).toBe(0);

    const someoneElse = await newUser(t, '13900006005');
    expect((await t.call('/course/auth/user/collection/course/list', {}, someoneElse.headers)).data.totalCount).toBe(0);
    expect((await t.call('/course/auth/course/collection/delete', { courseId: js }, someoneElse.headers)).msg).toBe(
      '您还没有收藏该课程',
    );

    expect((await t.call('/course/auth/user/collection/course/delete', { courseId: js }, u.headers)).code).toBe(200);
    expect((await t.call('/course/auth/course/collection/delete', { courseId: js }, u.headers)).msg).toBe(
      '您还没有收藏该课程',
    );
    expect((await t.call('/course/auth/course/collection/save', { courseId: '1' }, u.headers)).msg).toBe(
      '课程不存在或已删除',
    );
  });
});

describe('administration', () => {
  it('lists courses for administrators only', async () => {
    const page = (await t.call('/course/admin/course/page', { courseName: 'Python' }, admin)).data;
    expect(page.totalCount).toBe(4);
    expect(page.list[0]).toMatchObject({ isPutaway: 1, statusId: 1 });
    expect((await t.call('/course/admin/course/page', {}, lecturer.headers)).code).toBe(306);
  });

  it('grants a course with an expiry, lists the grant and takes it back', async () => {
    const u = await newUser(t, '13900006006');
    const react = (await t.call('/course/api/course/list', { keyword: 'React' })).data.list[0].id;
    const grant = await t.call(
      '/course/admin/user/course/grant',
      { mobile: u.mobile, courseId: react, expireTime: '2099-12-31 23:59:59' },
      admin,
    );
    expect(grant.data).toMatchObject({
      mobile: u.mobile,
      courseName: 'React 从入门到项目实战',
      buyType: 2,
      expireTime: '2099-12-31 23:59:59',
      isExpired: 0,
    });
    expect((await t.call('/course/auth/course/view', { courseId: react }, u.headers)).data).toMatchObject({
      isPay: 1,
      expireTime: '2099-12-31 23:59:59',
    });
    const mine = (await t.call('/course/auth/user/order/course/ref/list', {}, u.headers)).data;
    expect(mine.list.map((c: any) => [c.courseName, c.buyType, c.expireTime])).toEqual([
      ['React 从入门到项目实战', 2, '2099-12-31 23:59:59'],
    ]);
    // a second course: each page of one carries the count of both, and a page past the end still does
    const second = await t.call(
      '/course/admin/user/course/grant',
      { mobile: u.mobile, courseId: js, expireTime: '' },
      admin,
    );
    const page = (n: number) =>
      t.call('/course/auth/user/order/course/ref/list', { pageCurrent: n, pageSize: 1 }, u.headers);
    const pages = await Promise.all([1, 2, 3].map(async (n) => (await page(n)).data));
    expect(pages.map((p) => [p.list.length, p.totalCount])).toEqual([
      [1, 2],
      [1, 2],
      [0, 2],
    ]);
    expect(new Set(pages.flatMap((p) => p.list.map((c: any) => c.courseName))).size).toBe(2);
    expect(
      (await t.call('/course/auth/user/order/course/ref/list', { courseType: 2 }, u.headers)).data.totalCount,
    ).toBe(0);
    expect((await t.call('/course/admin/user/course/revoke', { id: second.data.id }, admin)).code).toBe(200);

    const listed = (await t.call('/course/admin/user/course/page', { mobile: u.mobile }, admin)).data;
    expect(listed.list.map((g: any) => g.id)).toEqual([grant.data.id]);
    expect((await t.call('/course/admin/user/course/page', { courseId: react }, admin)).data.totalCount).toBe(1);
    expect((await t.call('/course/admin/user/course/page', { mobile: '13911119999' }, admin)).data.totalCount).toBe(0);

    expect((await t.call('/course/admin/user/course/revoke', { id: grant.data.id }, admin)).code).toBe(200);
    expect((await t.call('/course/auth/course/view', { courseId: react }, u.headers)).data.isPay).toBe(0);
    expect((await t.call('/course/admin/user/course/revoke', { id: grant.data.id }, admin)).msg).toBe(
      '学习权限不存在或已删除',
    );
  });

  it('refuses grants to unknown users, past or malformed expiries and unknown courses', async () => {
    const u = await newUser(t, '13900006007');
    const grant = (body: object) =>
      t.call('/course/admin/user/course/grant', { mobile: u.mobile, courseId: js, ...body }, admin);
    expect((await grant({ mobile: '13911110000' })).msg).toBe('该手机号尚未注册，请让用户先注册');
    expect((await grant({ expireTime: '2001-01-01 00:00:00' })).msg).toBe('有效期必须晚于现在');
    expect((await grant({ expireTime: 'tomorrow' })).msg).toBe('有效期格式应为 YYYY-MM-DD HH:mm:ss');
    expect((await grant({ courseId: '5' })).msg).toBe('课程不存在或已删除');
    expect((await grant({ mobile: '123' })).msg).toBe('请填写正确的手机号');
    expect((await t.call('/course/admin/user/course/grant', { mobile: u.mobile, courseId: js }, u.headers)).code).toBe(
      306,
    );
    expect((await t.call('/course/auth/course/view', { courseId: js }, u.headers)).data.isPay).toBe(0);
  });
});

describe('malformed input', () => {
  it('answers every course, progress and note call with 200 or 999, never a fault', async () => {
    const calls = (
      [...Object.values(courseContract), ...Object.values(learnContract), ...Object.values(studyContract)] as unknown[]
    ).filter((c): c is CallDef => typeof c === 'object' && c !== null && 'path' in c && 'access' in c);
    expect(calls.length).toBeGreaterThan(30);
    const u = await newUser(t, '13900006099');
    const bodies = [
      {},
      { courseId: 'abc', id: 'abc', periodId: 'abc', accessoryId: 'abc' },
      {
        courseId: '99999999999999999999',
        id: '9223372036854775808',
        periodId: '18446744073709551616',
        accessoryId: '1e30',
      },
      {
        courseId: '9223372036854775807',
        id: '9223372036854775807',
        periodId: '9223372036854775807',
        accessoryId: '9223372036854775807',
        reportId: 'abcdefgh123',
      },
      {
        courseId: js,
        pageCurrent: 99999999,
        pageSize: 99999999,
        keyword: '%'.repeat(50),
        categoryId: '1',
        parentId: '-1',
        mobile: '1'.repeat(11),
      },
      {
        courseId: [js],
        id: { a: 1 },
        commentText: 5,
        content: null,
        watchedRanges: 'x',
        expireTime: '9999-99-99 99:99:99',
      },
    ];
    for (const call of calls) {
      const headers = call.access === 'admin' ? admin : u.headers;
      for (const body of bodies) {
        const res = await t.raw({
          method: call.method,
          url: `/apis${call.path}`,
          headers: { 'content-type': 'application/json', ...headers.headers },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${call.path} ${JSON.stringify(body)}`).toBe(200);
        expect([200, 999], `${call.path} ${JSON.stringify(body)}: ${res.body}`).toContain(res.json().code);
      }
    }
  });
});
