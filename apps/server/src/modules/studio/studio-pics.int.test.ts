import { multipartBody } from '../../testing/multipart.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as picCalls from '#contract/studio-pics.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let wang: TestUser;
let li: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  wang = await demoUser(t, '13800000002');
  li = await demoUser(t, '13800000004');
  student = await demoUser(t, '13800000001');
});
afterAll(async () => t?.close());

const as = (u: TestUser) => u.headers;

async function post(u: TestUser, path: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const m = multipartBody(fields, file);
  return (
    await t.raw({
      method: 'POST',
      url: `/apis${path}`,
      headers: { token: u.token, 'content-type': m.contentType },
      payload: m.payload,
    })
  ).json();
}

/** An image through the site's image upload, as the page does before attaching it. */
async function uploadImage(u: TestUser, color: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: color } })
    .png()
    .toBuffer();
  const res = await post(u, '/system/auth/upload/aliyun', {}, { name: 'slide.png', bytes: png });
  expect(res.code).toBe(200);
  return res.data.url;
}

async function course(u: TestUser, name: string, courseType = 1) {
  const categoryType = courseType === 4 ? 3 : courseType === 3 ? 2 : 1;
  const tree = (await t.call('/course/api/course/category/list', { categoryType })).data;
  const c = (
    await t.call(
      '/course/auth/course/audit/save',
      { courseName: name, categoryId: tree[0].id, isFree: 1, courseType },
      as(u),
    )
  ).data;
  expect(c?.id, name).toBeTruthy();
  const ch = (await t.call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第一章' }, as(u)))
    .data;
  const p1 = (
    await t.call('/course/auth/course/chapter/period/audit/save', { chapterId: ch.id, periodName: '第一节' }, as(u))
  ).data;
  const p2 = (
    await t.call('/course/auth/course/chapter/period/audit/save', { chapterId: ch.id, periodName: '第二节' }, as(u))
  ).data;
  return { c, ch, p1, p2 };
}

async function approve(courseId: string) {
  expect((await t.call('/course/auth/course/audit/submit', { id: courseId }, as(wang))).code).toBe(200);
  const diff = (await t.call('/course/admin/course/audit/view', { id: courseId }, admin)).data;
  expect((await t.call('/course/admin/course/audit/audit', { id: courseId, auditStatus: 1 }, admin)).code).toBe(200);
  return diff as { items: { kind: string; change: string; name: string; chapterName: string }[] };
}

describe('chapter and lesson pictures', () => {
  let made: Awaited<ReturnType<typeof course>>;
  let slide: string;
  let figure: string;

  it('attaches uploaded images to a chapter and a lesson draft, and returns the draft to editing', async () => {
    made = await course(wang, '带图片的课程');
    slide = await uploadImage(wang, '#3366cc');
    figure = await uploadImage(wang, '#cc6633');
    const chPic = await t.call(
      '/course/auth/course/chapter/pic/audit/save',
      { chapterId: made.ch.id, picUrl: slide, picName: '本章导图' },
      as(wang),
    );
    expect(chPic.data).toMatchObject({
      chapterId: made.ch.id,
      periodId: '',
      picName: '本章导图',
      picUrl: slide,
      sort: 1,
    });
    const pPic = await t.call(
      '/course/auth/course/chapter/period/pic/audit/save',
      { periodId: made.p1.id, picUrl: figure },
      as(wang),
    );
    expect(pPic.data).toMatchObject({ chapterId: made.ch.id, periodId: made.p1.id, picName: '', picUrl: figure });
    await t.call(
      '/course/auth/course/chapter/period/pic/audit/save',
      { periodId: made.p2.id, picUrl: slide, picName: '第二节板书' },
      as(wang),
    );

    // the chapter's list holds its own pictures only; each lesson holds its own
    expect(
      (await t.call('/course/auth/course/chapter/pic/audit/list', { chapterId: made.ch.id }, as(wang))).data.map(
        (p: { id: string }) => p.id,
      ),
    ).toEqual([chPic.data.id]);
    expect(
      (await t.call('/course/auth/course/chapter/period/pic/audit/list', { periodId: made.p1.id }, as(wang))).data.map(
        (p: { id: string }) => p.id,
      ),
    ).toEqual([pPic.data.id]);
    // a lesson picture cannot be deleted through the chapter call
    expect((await t.call('/course/auth/course/chapter/pic/audit/delete', { id: pPic.data.id }, as(wang))).msg).toBe(
      '图片不存在或已删除',
    );
  });

  it('takes only images the site stored', async () => {
    const save = (picUrl: string) =>
      t.call('/course/auth/course/chapter/pic/audit/save', { chapterId: made.ch.id, picUrl }, as(wang));
    expect((await save('https://elsewhere.example/a.png')).msg).toContain('请先上传图片');
    expect((await save('/media/../vod/10/source/1.mp4')).msg).toContain('请先上传图片');
    expect((await save(`/media/images/${t.siteId}/202611/123456789.png`)).msg).toBe('图片不存在或已删除，请重新上传');
    expect((await save('')).msg).toBe('请先上传图片');
  });

  it('keeps another lecturer and students out', async () => {
    const mine = (await t.call('/course/auth/course/chapter/pic/audit/list', { chapterId: made.ch.id }, as(wang)))
      .data[0];
    const theirs = await uploadImage(li, '#00aa00');
    const calls: [string, object][] = [
      ['/course/auth/course/chapter/pic/audit/list', { chapterId: made.ch.id }],
      ['/course/auth/course/chapter/pic/audit/save', { chapterId: made.ch.id, picUrl: theirs }],
      ['/course/auth/course/chapter/pic/audit/delete', { id: mine.id }],
      ['/course/auth/course/chapter/period/pic/audit/list', { periodId: made.p1.id }],
      ['/course/auth/course/chapter/period/pic/audit/save', { periodId: made.p1.id, picUrl: theirs }],
    ];
    for (const [path, body] of calls) {
      const res = await t.call(path, body, as(li));
      expect(res.code, path).toBe(999);
      expect(res.msg, path).toMatch(/不存在或已删除/);
      expect((await t.call(path, body, as(student))).msg, path).toBe('只有讲师可以使用此功能，请先申请成为讲师');
    }
    expect(
      (await t.call('/course/auth/course/chapter/pic/audit/list', { chapterId: made.ch.id }, as(wang))).data,
    ).toHaveLength(1);
  });

  it('shows the pictures in the change view and publishes them with the course', async () => {
    const diff = await approve(made.c.id);
    const pics = diff.items.filter((i) => i.kind === 'pic');
    expect(pics.map((i) => `${i.change}:${i.name}`).sort()).toEqual([
      'added:本章导图',
      'added:第二节板书',
      'added:课时“第一节”的图片',
    ]);
    const pub = (await t.call('/course/api/course/pic/list', { courseId: made.c.id })).data;
    expect(pub.map((p: { periodId: string; picUrl: string }) => [p.periodId, p.picUrl])).toEqual([
      ['', slide],
      [made.p1.id, figure],
      [made.p2.id, slide],
    ]);
  });

  it('publishes a picture deleted in the draft, or the lesson it belonged to, as removed', async () => {
    const p1Pic = (
      await t.call('/course/auth/course/chapter/period/pic/audit/list', { periodId: made.p1.id }, as(wang))
    ).data[0];
    expect((await t.call('/course/auth/course/chapter/period/pic/audit/delete', { id: p1Pic.id }, as(wang))).code).toBe(
      200,
    );
    expect((await t.call('/course/auth/course/audit/view', { id: made.c.id }, as(wang))).data.auditStatus).toBe(3);
    expect((await t.call('/course/auth/course/chapter/period/audit/delete', { id: made.p2.id }, as(wang))).code).toBe(
      200,
    );
    // still on sale as it was until the next approval
    expect((await t.call('/course/api/course/pic/list', { courseId: made.c.id })).data).toHaveLength(3);

    const diff = await approve(made.c.id);
    expect(
      diff.items
        .filter((i) => i.kind === 'pic')
        .map((i) => `${i.change}:${i.name}`)
        .sort(),
    ).toEqual(['removed:第二节板书', 'removed:课时“第一节”的图片']);
    const pub = (await t.call('/course/api/course/pic/list', { courseId: made.c.id })).data;
    expect(pub.map((p: { picName: string }) => p.picName)).toEqual(['本章导图']);
    expect((await t.call('/course/api/course/pic/list', { courseId: '123' })).msg).toBe('课程不存在或已删除');
  });
});

describe('the document of a library lesson', () => {
  const markdown = '# 第一节 阅读材料\n\n青课文库的**正文**。\n';

  it('uploads a document into the lesson draft; approval publishes it and the lesson page reads it', async () => {
    const lib = await course(wang, '文库：阅读材料', 4);
    const saved = await post(
      wang,
      '/course/auth/course/period/doc/save',
      { periodId: lib.p1.id },
      { name: '阅读材料.md', bytes: Buffer.from(markdown) },
    );
    expect(saved.data).toEqual({ periodId: lib.p1.id, docName: '阅读材料.md', hasDoc: 1 });
    expect((await t.call('/course/auth/course/period/doc/view', { periodId: lib.p1.id }, as(wang))).data).toEqual(
      saved.data,
    );
    expect((await t.call('/course/auth/course/period/doc/view', { periodId: lib.p2.id }, as(wang))).data).toEqual({
      periodId: lib.p2.id,
      docName: '',
      hasDoc: 0,
    });

    const diff = await approve(lib.c.id);
    expect(diff.items).toContainEqual(expect.objectContaining({ kind: 'period', change: 'added', name: '第一节' }));
    const sign = (await t.call('/course/auth/course/sign', { courseId: lib.c.id, periodId: lib.p1.id }, as(student)))
      .data;
    expect(sign).toMatchObject({ hasVideo: 0, docName: '阅读材料.md', docType: 'markdown', docText: markdown });

    // a new version of the document is a change the administrator sees; the published one stays until approval
    await post(
      wang,
      '/course/auth/course/period/doc/save',
      { periodId: lib.p1.id, docName: '阅读材料（修订）' },
      { name: 'v2.txt', bytes: Buffer.from('修订后的正文') },
    );
    expect(
      (await t.call('/course/auth/course/sign', { courseId: lib.c.id, periodId: lib.p1.id }, as(student))).data.docText,
    ).toBe(markdown);
    const next = await approve(lib.c.id);
    expect(next.items).toContainEqual(
      expect.objectContaining({
        kind: 'period',
        change: 'changed',
        name: '第一节',
        fields: [{ field: 'docKey', label: '文档', before: '阅读材料.md', after: '阅读材料（修订）' }],
      }),
    );
    expect(
      (await t.call('/course/auth/course/sign', { courseId: lib.c.id, periodId: lib.p1.id }, as(student))).data,
    ).toMatchObject({ docType: 'text', docText: '修订后的正文' });

    expect((await t.call('/course/auth/course/period/doc/delete', { periodId: lib.p1.id }, as(wang))).data).toEqual({
      periodId: lib.p1.id,
      docName: '',
      hasDoc: 0,
    });
  });

  it('refuses other kinds of file, binary content, another lecturer and students', async () => {
    const lib = await course(wang, '文库：拒绝的文件', 4);
    const send = (u: TestUser, name: string, bytes: Buffer, periodId = lib.p1.id) =>
      post(u, '/course/auth/course/period/doc/save', { periodId }, { name, bytes });
    expect((await send(wang, '讲义.pdf', Buffer.from('%PDF-1.4'))).msg).toContain(
      '文档仅支持 md、markdown、txt、html、htm 格式',
    );
    expect((await send(wang, '伪装.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]))).msg).toContain(
      '请检查文件',
    );
    expect((await send(wang, '空.md', Buffer.alloc(0))).msg).toBe('文件为空，请检查文件');
    expect((await send(wang, '太长.md', Buffer.alloc(1024 * 1024 + 1, 0x61))).msg).toBe('文档不能超过 1 MB');
    expect((await send(li, '混进来.md', Buffer.from('# x'))).msg).toBe('课时不存在或已删除');
    expect((await send(student, 'a.md', Buffer.from('# x'))).msg).toBe('只有讲师可以使用此功能，请先申请成为讲师');
    expect((await t.call('/course/auth/course/period/doc/delete', { periodId: lib.p1.id }, as(li))).msg).toBe(
      '课时不存在或已删除',
    );
    expect((await t.call('/course/auth/course/period/doc/view', { periodId: lib.p1.id }, as(wang))).data.hasDoc).toBe(
      0,
    );
  });
});

describe('malformed input', () => {
  it('answers every picture call with 200 or a 999 refusal, never a fault', async () => {
    const paths = Object.values(picCalls).flatMap((v) =>
      v && typeof v === 'object' && 'path' in v && typeof v.path === 'string' ? [v.path] : [],
    );
    expect(paths).toHaveLength(7);
    for (const path of paths) {
      for (const body of [
        {},
        { id: 'x', chapterId: [], periodId: {}, courseId: '9'.repeat(30) },
        { chapterId: '1', periodId: '1', picUrl: 'x'.repeat(600), picName: 5 },
        [1],
      ]) {
        const res = await t.call(path, body, as(wang));
        expect([200, 999], `${path} ${JSON.stringify(body)}`).toContain(res.code);
      }
    }
  });
});
