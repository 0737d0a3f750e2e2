import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { user } from '../schema/user.ts';
import { examCategory } from '../schema/exam.ts';
import { paperRepo, type OutlineIn } from '../../modules/exam/paper.repo.ts';
import { problemRepo, type ProblemRow } from '../../modules/exam/problem.repo.ts';
import { loadStructure, totalsOf } from '../../modules/exam/paper-structure.ts';
import { DEMO_BANK, type DemoProblem } from './exam-bank.ts';
import type { Seeder } from './seed.ts';

const LECTURER = '13800000002';
const SUBJECTS = ['Python', '数据库', '英语', 'JavaScript'];
const YEARS = ['2026', '2025', '2024'];

interface PaperPlan {
  examName: string;
  description: string;
  answerTime: number;
  passScore: number;
  isFree: number;
  priceFen: number;
  subject: string;
  publish: boolean;
  sections: { titleName: string; pick: (bank: ProblemRow[]) => ProblemRow[]; score: number }[];
}

const ofType = (type: number, subjects?: string[], names?: Map<string, bigint>) => (bank: ProblemRow[]) =>
  bank.filter((p) => p.problemType === type && (!subjects || subjects.some((sub) => names!.get(sub) === p.subjectId)));

/** Subjects and years, a question bank of every type by the demo lecturer, three papers on the shelf and one waiting for audit. */
export const examSeeder: Seeder = {
  name: 'exam.demo',
  async run(p: Platform, { siteId }) {
    const [lecturer] = await p.db
      .select()
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.mobile, LECTURER)))
      .limit(1);
    if (!lecturer) return;
    const names = new Map<string, bigint>();
    for (const [i, name] of SUBJECTS.entries()) {
      const id = newId();
      await p.db.insert(examCategory).values({ id, siteId, categoryType: 1, categoryName: name, sort: i + 1 });
      names.set(name, id);
    }
    const year = newId();
    for (const [i, name] of YEARS.entries())
      await p.db
        .insert(examCategory)
        .values({ id: i === 0 ? year : newId(), siteId, categoryType: 2, categoryName: name, sort: i + 1 });

    const problems = problemRepo(p.db);
    const insert = async (d: DemoProblem, parentId: bigint | null, sort: number): Promise<ProblemRow> =>
      problems.insert(siteId, lecturer.id, {
        parentId,
        problemType: d.type,
        problemContent: d.stem,
        options:
          d.type === 3
            ? [
                { key: 'A', content: '正确' },
                { key: 'B', content: '错误' },
              ]
            : (d.options ?? []).map((content, i) => ({ key: String.fromCharCode(65 + i), content })),
        answer: d.answer ?? [],
        analysis: d.analysis ? `<p>${d.analysis}</p>` : '',
        score: d.type === 5 ? 10 : 2,
        difficulty: d.difficulty ?? 1,
        subjectId: names.get(d.subject) ?? null,
        yearId: year,
        knowledgePoints: [d.subject],
        sort,
      });
    const bank: ProblemRow[] = [];
    for (const d of DEMO_BANK) {
      const row = await insert(d, null, 0);
      bank.push(row);
      for (const [i, c] of (d.children ?? []).entries()) await insert(c, row.id, i);
    }

    const py = ['Python'];
    const plans: PaperPlan[] = [
      {
        examName: 'Python 与数据库综合测试',
        description: '覆盖单选、多选、判断、填空、简答与材料题，检验 Python 基础与 SQL 入门知识。',
        answerTime: 60,
        passScore: 55,
        isFree: 1,
        priceFen: 0,
        subject: 'Python',
        publish: true,
        sections: [
          { titleName: '一、单选题', pick: (b) => ofType(1)(b).slice(0, 10), score: 2 },
          { titleName: '二、多选题', pick: ofType(2), score: 4 },
          { titleName: '三、判断题', pick: ofType(3), score: 2 },
          { titleName: '四、填空题', pick: ofType(4), score: 3 },
          { titleName: '五、简答题', pick: ofType(5, ['Python', '数据库'], names), score: 10 },
          { titleName: '六、材料题', pick: ofType(6, ['Python', '数据库'], names), score: 0 },
        ],
      },
      {
        examName: 'Python 基础小测',
        description: '5 道题，15 分钟，快速检查 Python 入门知识。',
        answerTime: 15,
        passScore: 6,
        isFree: 1,
        priceFen: 0,
        subject: 'Python',
        publish: true,
        sections: [
          { titleName: '一、单选题', pick: (b) => ofType(1, py, names)(b).slice(0, 3), score: 2 },
          {
            titleName: '二、判断与填空',
            pick: (b) => [...ofType(3, py, names)(b).slice(0, 1), ...ofType(4, py, names)(b).slice(0, 1)],
            score: 2,
          },
        ],
      },
      {
        examName: '大学英语基础模拟卷',
        description: '词汇、语法与阅读理解，附详细解析。',
        answerTime: 45,
        passScore: 12,
        isFree: 0,
        priceFen: 1990,
        subject: '英语',
        publish: true,
        sections: [
          {
            titleName: '一、选择题',
            pick: (b) => [...ofType(1, ['英语'], names)(b), ...ofType(2, ['英语'], names)(b)],
            score: 2,
          },
          {
            titleName: '二、判断与填空',
            pick: (b) => [...ofType(3, ['英语'], names)(b), ...ofType(4, ['英语'], names)(b)],
            score: 2,
          },
          {
            titleName: '三、阅读与写作',
            pick: (b) => [...ofType(6, ['英语'], names)(b), ...ofType(5, ['英语'], names)(b)],
            score: 8,
          },
        ],
      },
      {
        examName: '数据库进阶练习',
        description: '索引、事务与 SQL 查询。',
        answerTime: 30,
        passScore: 10,
        isFree: 1,
        priceFen: 0,
        subject: '数据库',
        publish: false,
        sections: [
          {
            titleName: '一、综合题',
            pick: (b) => [...ofType(2, ['数据库'], names)(b), ...ofType(5, ['数据库'], names)(b)],
            score: 5,
          },
        ],
      },
    ];

    const papers = paperRepo(p.db);
    for (const plan of plans) {
      const audit = await papers.insertAudit(siteId, lecturer.id, {
        examName: plan.examName,
        subjectId: names.get(plan.subject) ?? null,
        yearId: year,
        description: plan.description,
        answerTime: plan.answerTime,
        passScore: plan.passScore,
        isFree: plan.isFree,
        priceFen: plan.priceFen,
        shuffleProblems: 0,
        shuffleOptions: 0,
        partialRule: 1,
        leaveLimit: 0,
      });
      const outline: OutlineIn = {
        sections: plan.sections.map((sec) => ({
          titleName: sec.titleName,
          score: 0,
          refs: sec.pick(bank).map((r) => ({ problemId: r.id, score: sec.score })),
        })),
      };
      const structure = await loadStructure(
        siteId,
        {
          sections: outline.sections.map((sec, i) => ({
            ...sec,
            id: BigInt(i + 1),
            refs: sec.refs.map((r, k) => ({ ...r, sort: k })),
          })),
        },
        problems,
      );
      outline.sections.forEach((sec, i) => (sec.score = structure.sections[i]!.score));
      await papers.saveAuditOutline(siteId, audit.id, outline, totalsOf(structure));
      await papers.updateAudit(siteId, audit.id, { auditStatus: 0 });
      if (plan.publish) await papers.publish(siteId, audit.id, '题目规范，审核通过');
    }
  },
};
