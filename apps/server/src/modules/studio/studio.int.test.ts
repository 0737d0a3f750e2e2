import { multipartBody } from '../../testing/multipart.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as studioCalls from '#contract/studio.ts';
import * as studioFileCalls from '#contract/studio-files.ts';
import * as adminCalls from '#contract/studio-admin.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let wang: TestUser;
let li: TestUser;
let student: TestUser;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  wang = await demoUser(t, '13800000002');
  li = await demoUser(t, '13800000004');
  student = await demoUser(t, '13800000001');
  const tree = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data;
  categoryId = tree[0].id;
});
afterAll(async () => t?.close());

const as = (u: TestUser) => u.headers;
const draft = (over: object = {}) => ({
  courseName: '零基础学 Go 语言',
  categoryId,
  isFree: 0,
  coursePrice: 9900,
  rulingPrice: 19900,
  introduce: '<p>从安装到并发</p><script>alert(1)</script>',
  ...over,
});
const msgTitles = async (u: TestUser) =>
  (await t.call('/user/auth/msg/user/list', {}, as(u))).data.list.map((m: { msgTitle: string }) => m.msgTitle);

async function courseWithPeriods(u: TestUser, name: string) {
  const c = (await t.call('/course/auth/course/audit/save', draft({ courseName: name }), as(u))).data;
  const ch1 = (
    await t.call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第一章 入门' }, as(u))
  ).data;
  const ch2 = (
    await t.call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第二章 并发' }, as(u))
  ).data;
  const p1 = (
    await t.call(
      '/course/auth/course/chapter/period/audit/save',
      { chapterId: ch1.id, periodName: '安装与环境', isFree: 1 },
      as(u),
    )
  ).data;
  const p2 = (
    await t.call(
      '/course/auth/course/chapter/period/audit/save',
      { chapterId: ch1.id, periodName: '第一个程序' },
      as(u),
    )
  ).data;
  const p3 = (
    await t.call('/course/auth/course/chapter/period/audit/save', { chapterId: ch2.id, periodName: 'goroutine' }, as(u))
  ).data;
  return { c, ch1, ch2, p1, p2, p3 };
}

describe('a lecturer drafts a course and the administrator publishes it', () => {
  let made: Awaited<ReturnType<typeof courseWithPeriods>>;

  it('keeps a new draft private until it is approved', async () => {
    made = await courseWithPeriods(wang, '零基础学 Go 语言');
    expect(made.c).toMatchObject({ auditStatus: 3, auditStatusName: '编辑中', isPublished: 0, coursePrice: 9900 });
    const view = (await t.call('/course/auth/course/audit/view', { id: made.c.id }, as(wang))).data;
    expect(view.introduce).toBe('<p>从安装到并发</p>');
    expect(view.periodTotal).toBe(3);
    expect((await t.call('/course/api/course/view', { courseId: made.c.id })).msg).toBe('课程不存在或已删除');
    const mine = (await t.call('/course/auth/course/audit/list', {}, as(wang))).data;
    expect(mine.list.map((c: { courseName: string }) => c.courseName)).toContain('零基础学 Go 语言');
  });

  it('orders chapters and lessons as the lecturer drags them', async () => {
    const sorted = (
      await t.call(
        '/course/auth/course/chapter/audit/sort',
        { courseId: made.c.id, ids: [made.ch2.id, made.ch1.id] },
        as(wang),
      )
    ).data;
    expect(sorted.map((ch: { chapterName: string }) => ch.chapterName)).toEqual(['第二章 并发', '第一章 入门']);
    const periods = (
      await t.call(
        '/course/auth/course/chapter/period/audit/sort',
        { chapterId: made.ch1.id, ids: [made.p2.id, made.p1.id] },
        as(wang),
      )
    ).data;
    expect(periods.map((p: { periodName: string }) => p.periodName)).toEqual(['第一个程序', '安装与环境']);
    expect(
      (await t.call('/course/auth/course/chapter/audit/sort', { courseId: made.c.id, ids: [made.ch1.id] }, as(wang)))
        .msg,
    ).toBe('章节列表已变化，请刷新页面后重新排序');
  });

  it('previews the draft in the shape of the course page', async () => {
    const preview = (await t.call('/course/auth/course/audit/preview', { id: made.c.id }, as(wang))).data;
    expect(preview).toMatchObject({
      courseName: '零基础学 Go 语言',
      periodTotal: 3,
      lecturer: { lecturerName: '王老师' },
    });
    expect(preview.chapterList.map((ch: { chapterName: string }) => ch.chapterName)).toEqual([
      '第二章 并发',
      '第一章 入门',
    ]);
    expect(preview.categoryPath[0].id).toBe(categoryId);
  });

  it('submits for audit; the administrator sees every chapter and lesson as added, approves, and the course goes on sale', async () => {
    expect((await t.call('/course/auth/course/audit/submit', { id: made.c.id }, as(wang))).data).toMatchObject({
      auditStatus: 0,
      auditStatusName: '待审核',
    });
    expect((await t.call('/course/auth/course/audit/submit', { id: made.c.id }, as(wang))).msg).toBe(
      '课程已提交审核，请耐心等待审核结果',
    );
    const queue = (await t.call('/course/admin/course/audit/page', {}, admin)).data;
    expect(queue.list.map((c: { id: string }) => c.id)).toContain(made.c.id);
    const diff = (await t.call('/course/admin/course/audit/view', { id: made.c.id }, admin)).data;
    expect(diff.isPublished).toBe(0);
    expect(diff.items.filter((i: { change: string }) => i.change === 'added')).toHaveLength(5);
    expect(diff.draft.chapterList).toHaveLength(2);

    const approved = await t.call('/course/admin/course/audit/audit', { id: made.c.id, auditStatus: 1 }, admin);
    expect(approved.data).toMatchObject({ auditStatus: 1, isPublished: 1 });
    const pub = (await t.call('/course/api/course/view', { courseId: made.c.id })).data;
    expect(pub).toMatchObject({ courseName: '零基础学 Go 语言', coursePrice: 9900, periodTotal: 3 });
    expect(pub.chapterList.map((ch: { id: string }) => ch.id)).toEqual([made.ch2.id, made.ch1.id]);
    expect(pub.chapterList[1].periodList.map((p: { id: string; isFree: number }) => [p.id, p.isFree])).toEqual([
      [made.p2.id, 0],
      [made.p1.id, 1],
    ]);
    expect(await msgTitles(wang)).toContain('课程审核通过');
    expect((await t.call('/course/auth/course/audit/submit', { id: made.c.id }, as(wang))).msg).toBe(
      '课程没有新的修改，无需再次提交审核',
    );
  });

  it('keeps the published version on sale while the lecturer edits, and shows the administrator what changed', async () => {
    await t.call(
      '/course/auth/course/audit/update',
      { ...draft({ courseName: 'Go 语言从入门到实战', coursePrice: 12900 }), id: made.c.id },
      as(wang),
    );
    await t.call(
      '/course/auth/course/chapter/period/audit/update',
      { id: made.p3.id, periodName: 'goroutine 与 channel' },
      as(wang),
    );
    await t.call('/course/auth/course/chapter/period/audit/delete', { id: made.p2.id }, as(wang));
    const added = (
      await t.call(
        '/course/auth/course/chapter/period/audit/save',
        { chapterId: made.ch2.id, periodName: 'select 语句' },
        as(wang),
      )
    ).data;
    expect((await t.call('/course/auth/course/audit/view', { id: made.c.id }, as(wang))).data.auditStatus).toBe(3);

    const pub = (await t.call('/course/api/course/view', { courseId: made.c.id })).data;
    expect(pub).toMatchObject({ courseName: '零基础学 Go 语言', coursePrice: 9900, periodTotal: 3 });

    await t.call('/course/auth/course/audit/submit', { id: made.c.id }, as(wang));
    const diff = (await t.call('/course/admin/course/audit/view', { id: made.c.id }, admin)).data;
    expect(diff.fields).toEqual(
      expect.arrayContaining([
        { field: 'courseName', label: '课程名称', before: '零基础学 Go 语言', after: 'Go 语言从入门到实战' },
        { field: 'coursePrice', label: '课程价格', before: '¥99.00', after: '¥129.00' },
      ]),
    );
    const items = diff.items.map(
      (i: { kind: string; change: string; name: string }) => `${i.kind}:${i.change}:${i.name}`,
    );
    expect(items.sort()).toEqual([
      'period:added:select 语句',
      'period:changed:goroutine 与 channel',
      'period:removed:第一个程序',
    ]);

    await t.call(
      '/course/admin/course/audit/audit',
      { id: made.c.id, auditStatus: 1, auditOpinion: '内容充实' },
      admin,
    );
    const after = (await t.call('/course/api/course/view', { courseId: made.c.id })).data;
    expect(after).toMatchObject({ courseName: 'Go 语言从入门到实战', coursePrice: 12900, periodTotal: 3 });
    const names = after.chapterList.flatMap((ch: { periodList: { periodName: string }[] }) =>
      ch.periodList.map((p) => p.periodName),
    );
    expect(names).toEqual(['goroutine 与 channel', 'select 语句', '安装与环境']);
    expect(names).not.toContain('第一个程序');
    expect(after.chapterList[0].periodList[1].id).toBe(added.id);
  });

  it('takes the published course off the shelf and back', async () => {
    expect(
      (await t.call('/course/auth/course/audit/stand', { id: made.c.id, isPutaway: 0 }, as(wang))).data.isPutaway,
    ).toBe(0);
    expect((await t.call('/course/api/course/view', { courseId: made.c.id })).msg).toBe('课程不存在或已删除');
    await t.call('/course/auth/course/audit/stand', { id: made.c.id, isPutaway: 1 }, as(wang));
    expect((await t.call('/course/api/course/view', { courseId: made.c.id })).code).toBe(200);
    expect((await t.call('/course/auth/course/audit/delete', { id: made.c.id }, as(wang))).msg).toBe(
      '课程已发布，不能删除；不再销售可以下架',
    );
  });
});

describe('rejection', () => {
  it('returns the opinion to the lecturer with a message, and needs an opinion', async () => {
    const { c } = await courseWithPeriods(wang, '需要修改的课程');
    await t.call('/course/auth/course/audit/submit', { id: c.id }, as(wang));
    expect((await t.call('/course/admin/course/audit/audit', { id: c.id, auditStatus: 2 }, admin)).msg).toBe(
      '请填写不通过的原因，讲师将据此修改',
    );
    await t.call(
      '/course/admin/course/audit/audit',
      { id: c.id, auditStatus: 2, auditOpinion: '封面不清晰，请更换' },
      admin,
    );
    const view = (await t.call('/course/auth/course/audit/view', { id: c.id }, as(wang))).data;
    expect(view).toMatchObject({
      auditStatus: 2,
      auditStatusName: '审核不通过',
      auditOpinion: '封面不清晰，请更换',
      isPublished: 0,
    });
    expect(await msgTitles(wang)).toContain('课程审核未通过');
    expect((await t.call('/course/api/course/view', { courseId: c.id })).msg).toBe('课程不存在或已删除');
    expect((await t.call('/course/admin/course/audit/audit', { id: c.id, auditStatus: 1 }, admin)).msg).toContain(
      '不在待审核状态',
    );
  });

  it('takes an edited draft out of the queue, so an approval never publishes what the administrator did not see', async () => {
    const { c, p1 } = await courseWithPeriods(wang, '审核中又修改');
    await t.call('/course/auth/course/audit/submit', { id: c.id }, as(wang));
    await t.call('/course/auth/course/chapter/period/audit/update', { id: p1.id, periodName: '改过的课时' }, as(wang));
    expect((await t.call('/course/admin/course/audit/audit', { id: c.id, auditStatus: 1 }, admin)).msg).toContain(
      '不在待审核状态',
    );
  });
});

describe('who may touch a draft', () => {
  let mine: Awaited<ReturnType<typeof courseWithPeriods>>;
  beforeAll(async () => {
    mine = await courseWithPeriods(wang, '王老师的私有草稿');
  });

  it('answers another lecturer as if the draft did not exist, and changes nothing', async () => {
    const calls: [string, object][] = [
      ['/course/auth/course/audit/view', { id: mine.c.id }],
      ['/course/auth/course/audit/update', { ...draft({ courseName: '被改了' }), id: mine.c.id }],
      ['/course/auth/course/audit/delete', { id: mine.c.id }],
      ['/course/auth/course/audit/submit', { id: mine.c.id }],
      ['/course/auth/course/audit/stand', { id: mine.c.id, isPutaway: 0 }],
      ['/course/auth/course/audit/preview', { id: mine.c.id }],
      ['/course/auth/course/chapter/audit/list', { courseId: mine.c.id }],
      ['/course/auth/course/chapter/audit/save', { courseId: mine.c.id, chapterName: '混进来的章节' }],
      ['/course/auth/course/chapter/audit/update', { id: mine.ch1.id, chapterName: '被改了' }],
      ['/course/auth/course/chapter/audit/delete', { id: mine.ch1.id }],
      ['/course/auth/course/chapter/audit/sort', { courseId: mine.c.id, ids: [mine.ch2.id, mine.ch1.id] }],
      ['/course/auth/course/chapter/period/audit/list', { chapterId: mine.ch1.id }],
      ['/course/auth/course/chapter/period/audit/save', { chapterId: mine.ch1.id, periodName: '混进来的课时' }],
      ['/course/auth/course/chapter/period/audit/update', { id: mine.p1.id, periodName: '被改了' }],
      ['/course/auth/course/chapter/period/audit/delete', { id: mine.p1.id }],
      ['/course/auth/course/chapter/period/audit/sort', { chapterId: mine.ch1.id, ids: [mine.p2.id, mine.p1.id] }],
      ['/course/auth/course/period/video/view', { periodId: mine.p1.id }],
      ['/course/auth/course/period/video/save', { periodId: mine.p1.id, videoId: '' }],
      ['/course/auth/course/video/chapter', { courseId: mine.c.id }],
    ];
    for (const [path, body] of calls) {
      const res = await t.call(path, body, as(li));
      expect(res.code, path).toBe(999);
      expect(res.msg, path).toMatch(/不存在或已删除/);
    }
    expect(
      (await t.call('/course/auth/course/audit/list', {}, as(li))).data.list.map((c: { id: string }) => c.id),
    ).not.toContain(mine.c.id);
    const outline = (await t.call('/course/auth/course/chapter/audit/list', { courseId: mine.c.id }, as(wang))).data;
    expect(outline.map((ch: { chapterName: string }) => ch.chapterName)).toEqual(['第一章 入门', '第二章 并发']);
    expect(outline[0].periodList.map((p: { periodName: string }) => p.periodName)).toEqual([
      '安装与环境',
      '第一个程序',
    ]);
    expect((await t.call('/course/auth/course/audit/view', { id: mine.c.id }, as(wang))).data).toMatchObject({
      courseName: '王老师的私有草稿',
      auditStatus: 3,
    });
  });

  it('refuses a student with the lecturers-only refusal and a visitor with a login prompt', async () => {
    const res = await t.call('/course/auth/course/audit/list', {}, as(student));
    expect(res).toEqual({ code: 999, msg: '只有讲师可以使用此功能，请先申请成为讲师', data: { lecturerOnly: true } });
    expect((await t.call('/course/auth/course/audit/save', draft(), as(student))).code).toBe(999);
    expect((await t.call('/course/auth/course/audit/list', {})).code).toBe(302);
    expect((await t.call('/course/admin/course/audit/page', {}, as(wang))).code).toBe(306);
  });

  it('refuses bad input with a clear message', async () => {
    expect((await t.call('/course/auth/course/audit/save', draft({ coursePrice: 0 }), as(wang))).msg).toBe(
      '收费课程请填写课程价格（大于 0 元），或设为免费',
    );
    expect((await t.call('/course/auth/course/audit/save', draft({ categoryId: '123' }), as(wang))).msg).toBe(
      '请选择课程分类（分类不存在或与课程类型不符）',
    );
    expect((await t.call('/course/auth/course/audit/save', draft({ courseName: '' }), as(wang))).msg).toBe(
      '请填写课程名称',
    );
    expect((await t.call('/course/auth/course/audit/view', { id: 'abc' }, as(wang))).msg).toBe('ID 格式不正确');
    expect((await t.call('/course/auth/course/audit/view', { id: '99999999999999999999' }, as(wang))).msg).toBe(
      'ID 格式不正确',
    );
    expect((await t.call('/course/auth/course/chapter/audit/save', { courseId: mine.c.id }, as(wang))).msg).toBe(
      '请填写章节名称',
    );
    expect(
      (await t.call('/course/auth/course/period/video/save', { periodId: mine.p1.id, videoId: '123' }, as(wang))).msg,
    ).toBe('视频不存在或已删除，请重新选择或上传');
    const empty = (await t.call('/course/auth/course/audit/save', draft({ courseName: '空课程' }), as(wang))).data;
    expect((await t.call('/course/auth/course/audit/submit', { id: empty.id }, as(wang))).msg).toBe(
      '请至少添加一个章节和一个课时，再提交审核',
    );
    expect((await t.call('/course/auth/course/audit/delete', { id: empty.id }, as(wang))).code).toBe(200);
    expect((await t.call('/course/auth/course/audit/view', { id: empty.id }, as(wang))).msg).toBe('课程不存在或已删除');
  });
});

describe('course files', () => {
  async function attach(u: TestUser, courseId: string, name: string, bytes: Buffer) {
    const { payload, contentType } = multipartBody({ courseId }, { name, bytes });
    const res = await t.raw({
      method: 'POST',
      url: '/apis/course/auth/course/accessory/save',
      headers: { token: u.token, 'content-type': contentType },
      payload,
    });
    return res.json();
  }

  it('uploads a handout to the draft, shows it in the change view and publishes it with the course', async () => {
    const { c } = await courseWithPeriods(wang, '带讲义的课程');
    const saved = await attach(wang, c.id, '第一章讲义.pdf', Buffer.from('%PDF-1.4 讲义内容'));
    expect(saved.data).toMatchObject({
      accessoryName: '第一章讲义.pdf',
      fileSize: Buffer.byteLength('%PDF-1.4 讲义内容'),
    });
    expect((await attach(wang, c.id, '脚本.exe', Buffer.from('MZ'))).msg).toContain('附件仅支持');
    expect((await attach(li, c.id, '混进来.pdf', Buffer.from('%PDF'))).msg).toBe('课程不存在或已删除');
    expect((await t.call('/course/auth/course/accessory/delete', { id: saved.data.id }, as(li))).msg).toBe(
      '附件不存在或已删除',
    );
    expect(
      (await t.call('/course/auth/course/accessory/list', { courseId: c.id }, as(wang))).data.map(
        (a: { accessoryName: string }) => a.accessoryName,
      ),
    ).toEqual(['第一章讲义.pdf']);

    await t.call('/course/auth/course/audit/submit', { id: c.id }, as(wang));
    const diff = (await t.call('/course/admin/course/audit/view', { id: c.id }, admin)).data;
    expect(diff.items).toContainEqual(
      expect.objectContaining({ kind: 'accessory', change: 'added', name: '第一章讲义.pdf' }),
    );
    await t.call('/course/admin/course/audit/audit', { id: c.id, auditStatus: 1 }, admin);
    const pub = (await t.call('/course/api/course/view', { courseId: c.id })).data;
    expect(pub.accessoryList).toEqual([
      { id: saved.data.id, accessoryName: '第一章讲义.pdf', fileSize: saved.data.fileSize },
    ]);
  });
});

describe('malformed input', () => {
  it('lists the studio and upload calls in the OpenAPI document', async () => {
    const res = await t.raw({ method: 'GET', url: '/apis/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/apis/course/auth/course/audit/save',
      '/apis/course/admin/course/audit/audit',
      '/apis/vod/auth/videoInfo/upload',
      '/apis/course/auth/vod/upload',
    ])
      expect(paths).toContain(p);
  });

  it('answers every studio call with 200 or a 999 refusal, never a fault', async () => {
    const paths = [
      ...Object.values(studioCalls),
      ...Object.values(studioFileCalls),
      ...Object.values(adminCalls),
    ].flatMap((v) => (v && typeof v === 'object' && 'path' in v && typeof v.path === 'string' ? [v.path] : []));
    expect(paths.length).toBeGreaterThan(25);
    const huge = '9'.repeat(30);
    const bodies: unknown[] = [
      {},
      { id: 'abc', courseId: 'x', chapterId: [], periodId: {} },
      { id: huge, courseId: huge, chapterId: huge, periodId: huge },
      { id: '-1', ids: 'nope', isPutaway: 7, auditStatus: 9 },
      { id: '123', courseId: '123', chapterId: '123', periodId: '123', ids: ['123', '123'], videoId: 'zz' },
      {
        courseName: 'x'.repeat(10_000),
        categoryId: '1',
        coursePrice: 1e20,
        rulingPrice: -5,
        sort: 1e15,
        pageSize: 1e9,
        pageCurrent: -3,
      },
      [1, 2, 3],
    ];
    for (const path of paths) {
      const who = path.includes('/admin/') ? admin : as(wang);
      for (const body of bodies) {
        const res = await t.call(path, body, who);
        expect([200, 999], `${path} ${JSON.stringify(body).slice(0, 80)}`).toContain(res.code);
      }
      const withId = await t.call(path, { id: 'abc', courseId: 'abc', chapterId: 'abc', periodId: 'abc' }, who);
      if (!/list$|page$|\/save$/.test(path)) expect(withId.code, path).toBe(999);
    }
  });
});
