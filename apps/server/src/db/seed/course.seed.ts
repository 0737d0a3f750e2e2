import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { user } from '../schema/user.ts';
import { zone } from '../schema/system.ts';
import {
  course,
  courseAccessory,
  courseCategory,
  courseChapter,
  coursePeriod,
  userCourse,
  userCourseComment,
  zoneCourse,
} from '../schema/course.ts';
import { CATEGORIES, COURSES, type SeedCourse } from './course-content.ts';
import { putSvg } from './images.ts';
import { wrapTitle } from './cover-text.ts';
import type { Seeder } from './seed.ts';
import { courseFileKey } from '../../platform/storage.ts';

const COLORS = [
  ['#16a085', '#2ecc71'],
  ['#2980b9', '#6dd5fa'],
  ['#8e44ad', '#c471ed'],
  ['#d35400', '#f39c12'],
  ['#c0392b', '#ff7e5f'],
  ['#2c3e50', '#4ca1af'],
] as const;
const KIND = { 1: '录播课', 3: '资源', 4: '文库' } as const;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The title at 34 px within 416 px (the cover less its margins), on two lines at most. */
function coverSvg(title: string, kind: string, [from, to]: readonly [string, string]): string {
  const font = `font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif"`;
  const lines = wrapTitle(title, 416, 34, 2)
    .map(
      (line, i) =>
        `<text x="32" y="${140 + i * 46}" ${font} font-size="34" font-weight="bold" fill="#fff">${esc(line)}</text>`,
    )
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/><circle cx="420" cy="40" r="90" fill="#fff" opacity="0.1"/>
<text x="32" y="60" ${font} font-size="20" fill="#fff" opacity="0.85">青课 · ${esc(kind)}</text>
${lines}
</svg>`;
}

/**
 * Files behind an entitlement (accessories, library documents) sit under a random folder: the /media route
 * serves storage publicly, so the key is kept secret and only the download call or lesson start reaches them.
 */
const privateKey = (siteId: bigint, name: string) => courseFileKey(siteId, name.slice(name.lastIndexOf('.') + 1));

/** The demo catalogue: category trees, video courses, resources with files, libraries, zones, a grant, comments. */
export const courseSeeder: Seeder = {
  name: 'course.demo',
  async run(p: Platform, { siteId }) {
    const db = p.db;
    const userByMobile = async (mobile: string) =>
      (
        await db
          .select()
          .from(user)
          .where(and(eq(user.siteId, siteId), eq(user.mobile, mobile)))
          .limit(1)
      )[0];

    const categoryIds = new Map<string, bigint>();
    for (const [type, tree] of Object.entries(CATEGORIES)) {
      let sort = 0;
      for (const [l1, l2s] of Object.entries(tree)) {
        const id1 = newId();
        await db
          .insert(courseCategory)
          .values({ id: id1, siteId, categoryType: Number(type), categoryName: l1, floor: 1, sort: ++sort });
        categoryIds.set(`${type}:${l1}`, id1);
        for (const [l2, l3s] of Object.entries(l2s)) {
          const id2 = newId();
          await db.insert(courseCategory).values({
            id: id2,
            siteId,
            parentId: id1,
            categoryType: Number(type),
            categoryName: l2,
            floor: 2,
            sort: ++sort,
          });
          categoryIds.set(`${type}:${l2}`, id2);
          for (const l3 of l3s) {
            const id3 = newId();
            await db.insert(courseCategory).values({
              id: id3,
              siteId,
              parentId: id2,
              categoryType: Number(type),
              categoryName: l3,
              floor: 3,
              sort: ++sort,
            });
            categoryIds.set(`${type}:${l3}`, id3);
          }
        }
      }
    }

    const zones = new Map((await db.select().from(zone).where(eq(zone.siteId, siteId))).map((z) => [z.zoneName, z.id]));
    const created = new Map<string, bigint>();
    for (const [i, c] of COURSES.entries()) {
      const lecturer = await userByMobile(c.lecturer);
      if (!lecturer) continue;
      created.set(
        c.name,
        await insertCourse(
          p,
          siteId,
          c,
          i,
          lecturer.id,
          categoryIds.get(`${c.type === 1 ? 1 : c.type === 3 ? 2 : 3}:${c.category}`)!,
        ),
      );
    }
    for (const [i, c] of COURSES.entries()) {
      const courseId = created.get(c.name);
      const zoneId = c.zone ? zones.get(c.zone) : undefined;
      if (courseId && zoneId)
        await db
          .insert(zoneCourse)
          .values({ id: newId(), siteId, zoneId, courseId, sort: i + 1 })
          .onConflictDoNothing();
    }

    // the demo student studies one paid course by an administrator's grant and has said something about it
    const student = await userByMobile('13800000001');
    const granted = created.get('Python 数据分析实战');
    if (student && granted) {
      await db
        .insert(userCourse)
        .values({ id: newId(), siteId, userId: student.id, courseId: granted, buyType: 2 })
        .onConflictDoNothing();
      await db.insert(userCourseComment).values([
        {
          id: newId(),
          siteId,
          courseId: granted,
          userId: student.id,
          commentText: '案例很贴近工作，跟着做完第二章就能自己清洗数据了，赞！',
        },
        {
          id: newId(),
          siteId,
          courseId: created.get('Python 入门：零基础到能写小工具') ?? granted,
          userId: student.id,
          commentText: '零基础也能听懂，老师讲得很细致。',
        },
      ]);
    }
  },
};

async function insertCourse(
  p: Platform,
  siteId: bigint,
  c: SeedCourse,
  i: number,
  lecturerUserId: bigint,
  categoryId: bigint,
): Promise<bigint> {
  const db = p.db;
  const id = newId();
  const courseLogo = await putSvg(
    p,
    `demo/course-${i + 1}.svg`,
    coverSvg(c.name, KIND[c.type], COLORS[i % COLORS.length]!),
  );
  let periodTotal = 0;
  const chapterRows: (typeof courseChapter.$inferInsert)[] = [];
  const periodRows: (typeof coursePeriod.$inferInsert)[] = [];
  for (const [ci, ch] of c.chapters.entries()) {
    const chapterId = newId();
    chapterRows.push({
      id: chapterId,
      siteId,
      courseId: id,
      chapterName: ch.name,
      isFree: ch.free ? 1 : 0,
      sort: ci + 1,
    });
    for (const [pi, pr] of ch.periods.entries()) {
      let docKey: string | null = null;
      if (pr.doc) {
        docKey = privateKey(siteId, pr.doc.name);
        await p.storage.put(docKey, Buffer.from(pr.doc.text, 'utf8'));
      }
      periodRows.push({
        id: newId(),
        siteId,
        courseId: id,
        chapterId,
        periodName: pr.name,
        isFree: pr.free ? 1 : 0,
        sort: pi + 1,
        docKey,
        docName: pr.doc?.name ?? '',
      });
      periodTotal++;
    }
  }
  await db.insert(course).values({
    id,
    siteId,
    lecturerUserId,
    categoryId,
    courseType: c.type,
    courseName: c.name,
    courseLogo,
    introduce: c.introduce,
    isFree: c.price === 0 ? 1 : 0,
    coursePrice: c.price,
    rulingPrice: c.ruling,
    isVipFree: c.vipFree ? 1 : 0,
    speedDouble: c.noSpeed ? 0 : 1,
    speedDrag: c.noSpeed ? 0 : 1,
    isRecommend: c.recommend ? 1 : 0,
    periodTotal,
    sort: 100,
  });
  if (chapterRows.length) await db.insert(courseChapter).values(chapterRows);
  if (periodRows.length) await db.insert(coursePeriod).values(periodRows);
  for (const [ai, a] of (c.accessories ?? []).entries()) {
    const storageKey = privateKey(siteId, a.name);
    const body = Buffer.from(a.text, 'utf8');
    await p.storage.put(storageKey, body);
    await db.insert(courseAccessory).values({
      id: newId(),
      siteId,
      courseId: id,
      accessoryName: a.name,
      storageKey,
      fileSize: body.length,
      sort: ai + 1,
    });
  }
  return id;
}
