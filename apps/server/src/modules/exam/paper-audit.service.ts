import type { TPageQuery } from '#contract/call.ts';
import { EXAM_LIMITS, PaperAuditStatus, ProblemType, problemTypeName, type TProblemFull } from '#contract/exam.ts';
import { type TPaperAudit } from '#contract/exam-paper.ts';
import { fail } from '../../platform/http/errors.ts';
import { toPage, type Page } from '../../platform/db/page.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import { requireCategories } from './category.service.ts';
import { ownedBy, requireLecturer, usableProblem } from './exam.policy.ts';
import type { OutlineIn, PaperAuditRow, PaperValues } from './paper.repo.ts';
import { presentFullSections, presentPaperAudit } from './paper.presenter.ts';
import type { PaperService } from './paper.service.ts';
import { loadStructure, totalsOf } from './paper-structure.ts';
import type { ProblemService } from './problem.service.ts';

export interface PaperFieldsIn {
  examName: string;
  subjectId?: string;
  yearId?: string;
  description: string;
  answerTime: number;
  passScore: number;
  isFree: number;
  priceFen: number;
  shuffleProblems: number;
  shuffleOptions: number;
  partialRule: number;
  leaveLimit: number;
}
interface SectionIn {
  titleName: string;
  problems: { problemId: string; score: number }[];
}
interface RuleIn {
  titleName: string;
  problemType: number;
  subjectId?: string;
  difficulty?: number;
  count: number;
  score: number;
}

/** Papers as lecturers compose them (the audit copy) and as the administrator approves them. */
export class PaperAuditService {
  private readonly papers: PaperService;
  private readonly problems: ProblemService;
  private readonly users: UserService;
  private readonly messages: MessageService;
  constructor(papers: PaperService, problems: ProblemService, users: UserService, messages: MessageService) {
    this.papers = papers;
    this.problems = problems;
    this.users = users;
    this.messages = messages;
  }
  private get repo() {
    return this.papers.repo;
  }

  async list(
    siteId: bigint,
    userId: bigint,
    q: TPageQuery & { examName: string; auditStatus?: number },
  ): Promise<Page<TPaperAudit>> {
    await requireLecturer(this.users, siteId, userId);
    const { rows, total } = await this.repo.auditPage(siteId, q, userId);
    return toPage(await this.present(siteId, rows), total, q, (x) => x);
  }

  async save(siteId: bigint, userId: bigint, input: PaperFieldsIn): Promise<TPaperAudit> {
    await requireLecturer(this.users, siteId, userId);
    const row = await this.repo.insertAudit(siteId, userId, await this.clean(siteId, input));
    return (await this.present(siteId, [row]))[0]!;
  }

  async update(siteId: bigint, userId: bigint, input: PaperFieldsIn & { id: string }): Promise<TPaperAudit> {
    const before = await this.editable(siteId, userId, input.id);
    const values = await this.clean(siteId, input, before);
    const row = (await this.repo.updateAudit(siteId, before.id, { ...values, auditStatus: PaperAuditStatus.EDITING }))!;
    return (await this.present(siteId, [row]))[0]!;
  }

  /**
   * The shelf, as for courses: approval publishes, and a paper published for the first time goes on the shelf;
   * from then on only its lecturer takes it off or puts it back, and a later approval keeps that choice.
   */
  async putAway(siteId: bigint, userId: bigint, id: string, isPutAway: number): Promise<TPaperAudit> {
    const audit = ownedBy(await this.repo.auditById(siteId, BigInt(id)), userId, '试卷');
    if (!(await this.repo.paperById(siteId, audit.id))) throw fail('试卷还未发布：审核通过后才能上架或下架');
    await this.repo.setPutAway(siteId, audit.id, isPutAway);
    await this.papers.index.changed(siteId, audit.id);
    return (await this.present(siteId, [audit]))[0]!;
  }

  async saveRefs(siteId: bigint, userId: bigint, examId: string, sections: SectionIn[]) {
    const audit = await this.editable(siteId, userId, examId);
    const ids = sections.flatMap((s) => s.problems.map((p) => p.problemId));
    if (new Set(ids).size !== ids.length) throw fail('同一道题不能在试卷中出现两次');
    const rows = await this.problems.repo.byIds(siteId, ids.map(BigInt));
    const mine = new Map(rows.filter((r) => usableProblem(r, userId)).map((r) => [String(r.id), r]));
    for (const id of ids) {
      const r = mine.get(id);
      if (!r) throw fail(`题目 ${id} 不存在，或不是您创建的`);
      if (r.parentId) throw fail('材料题的小题不能单独组卷，请选择它所属的材料题');
    }
    const outline: OutlineIn = {
      sections: sections.map((s) => ({
        titleName: s.titleName,
        score: 0,
        refs: s.problems.map((p) => ({ problemId: BigInt(p.problemId), score: p.score })),
      })),
    };
    return this.writeOutline(siteId, audit, outline);
  }

  /** Each rule draws its problems at random from the lecturer's bank and becomes one section. */
  async autoRefs(siteId: bigint, userId: bigint, examId: string, rules: RuleIn[]) {
    const audit = await this.editable(siteId, userId, examId);
    const picked: bigint[] = [];
    const outline: OutlineIn = { sections: [] };
    for (const [i, rule] of rules.entries()) {
      const rows = await this.problems.repo.pick(siteId, userId, rule, rule.count, picked);
      if (rows.length < rule.count) {
        const have = await this.problems.repo.countMatching(siteId, userId, rule);
        throw fail(
          `第 ${i + 1} 条规则：题库中符合条件的${problemTypeName[rule.problemType]}只有 ${have} 道，不足 ${rule.count} 道`,
        );
      }
      picked.push(...rows.map((r) => r.id));
      outline.sections.push({
        titleName: rule.titleName || problemTypeName[rule.problemType]!,
        score: 0,
        refs: rows.map((r) => ({ problemId: r.id, score: rule.score })),
      });
    }
    return this.writeOutline(siteId, audit, outline);
  }

  async preview(siteId: bigint, userId: bigint, examId: string) {
    const audit = ownedBy(await this.repo.auditById(siteId, BigInt(examId)), userId, '试卷');
    return this.withSections(siteId, audit);
  }

  async submit(siteId: bigint, userId: bigint, id: string): Promise<TPaperAudit> {
    const audit = ownedBy(await this.repo.auditById(siteId, BigInt(id)), userId, '试卷');
    if (audit.auditStatus === PaperAuditStatus.PENDING) throw fail('试卷已提交审核，请耐心等待');
    if (audit.auditStatus === PaperAuditStatus.APPROVED) throw fail('试卷已审核通过，修改后才需要重新提交');
    if (audit.problemCount === 0) throw fail('试卷还没有题目，请先组卷');
    if (audit.passScore > audit.totalScore) throw fail(`及格分不能高于试卷总分 ${audit.totalScore} 分，请修改及格分`);
    const row = await this.repo.updateAudit(
      siteId,
      audit.id,
      { auditStatus: PaperAuditStatus.PENDING, auditOpinion: '' },
      audit.auditStatus,
    );
    if (!row) throw fail('试卷状态已变化，请刷新后重试');
    return (await this.present(siteId, [row]))[0]!;
  }

  /* ---- the platform administrator ---- */

  async adminPage(siteId: bigint, q: TPageQuery & { examName: string; auditStatus?: number }) {
    const { rows, total } = await this.repo.auditPage(siteId, q);
    const shown = await this.present(siteId, rows);
    const lecturers = await this.lecturers(siteId, rows);
    return toPage(rows, total, q, (r) => ({ ...shown.find((s) => s.id === String(r.id))!, ...lecturers(r) }));
  }

  async adminView(siteId: bigint, id: string) {
    const audit = await this.repo.auditById(siteId, BigInt(id));
    if (!audit) throw fail('试卷不存在或已删除');
    return { ...(await this.withSections(siteId, audit)), ...(await this.lecturers(siteId, [audit]))(audit) };
  }

  async audit(siteId: bigint, id: string, auditStatus: 1 | 2, opinion: string) {
    const audit = await this.repo.auditById(siteId, BigInt(id));
    if (!audit) throw fail('试卷不存在或已删除');
    if (audit.auditStatus !== PaperAuditStatus.PENDING) throw fail('该试卷不在待审核状态，请刷新列表');
    let row: PaperAuditRow | undefined;
    if (auditStatus === PaperAuditStatus.APPROVED) {
      row = await this.repo.publish(siteId, audit.id, opinion);
    } else {
      if (!opinion) throw fail('请填写不通过的原因，讲师会看到');
      row = await this.repo.updateAudit(
        siteId,
        audit.id,
        { auditStatus: PaperAuditStatus.REJECTED, auditOpinion: opinion, auditTime: new Date() },
        PaperAuditStatus.PENDING,
      );
    }
    if (!row) throw fail('该试卷不在待审核状态，请刷新列表');
    const approved = auditStatus === PaperAuditStatus.APPROVED;
    if (approved) await this.papers.index.changed(siteId, row.id);
    const shelved = approved && (await this.repo.paperById(siteId, row.id))?.isPutAway === 1;
    const shelf = shelved ? '学员现在可以在考试中心参加' : '试卷目前是下架状态，上架后学员才能参加';
    await this.messages.send(
      siteId,
      row.lecturerUserId,
      approved ? '试卷审核通过' : '试卷审核未通过',
      approved
        ? `您的试卷《${row.examName}》已审核通过并发布，${shelf}。`
        : `您的试卷《${row.examName}》未通过审核：${opinion}。修改后可重新提交。`,
    );
    return { ...(await this.present(siteId, [row]))[0]!, ...(await this.lecturers(siteId, [row]))(row) };
  }

  /* ---- helpers ---- */

  private async editable(siteId: bigint, userId: bigint, id: string): Promise<PaperAuditRow> {
    const audit = ownedBy(await this.repo.auditById(siteId, BigInt(id)), userId, '试卷');
    if (audit.auditStatus === PaperAuditStatus.PENDING) throw fail('试卷正在审核中，审核完成后才能修改');
    return audit;
  }

  private async writeOutline(siteId: bigint, audit: PaperAuditRow, outline: OutlineIn) {
    const structure = await loadStructure(
      siteId,
      {
        sections: outline.sections.map((s, i) => ({
          ...s,
          id: BigInt(i + 1),
          refs: s.refs.map((r, j) => ({ ...r, sort: j })),
        })),
      },
      this.problems.repo,
    );
    for (const sec of structure.sections)
      for (const it of sec.items) {
        if (it.problem.problemType === ProblemType.MATERIAL && it.children.length === 0)
          throw fail('材料题还没有小题，请先添加小题再组卷');
      }
    const totals = totalsOf(structure);
    if (totals.problemCount > EXAM_LIMITS.maxProblemsPerPaper)
      throw fail(`一份试卷最多 ${EXAM_LIMITS.maxProblemsPerPaper} 道题`);
    outline.sections.forEach((s, i) => (s.score = structure.sections[i]!.score));
    const row = await this.repo.saveAuditOutline(siteId, audit.id, outline, totals);
    return this.withSections(siteId, row);
  }

  private async withSections(siteId: bigint, audit: PaperAuditRow) {
    const structure = await loadStructure(
      siteId,
      await this.repo.outline(siteId, audit.id, 'audit'),
      this.problems.repo,
    );
    const rows = structure.sections.flatMap((s) => s.items.map((i) => i.problem));
    const full = await this.problems.presentMany(siteId, rows);
    const byId = new Map<string, TProblemFull>(full.map((f) => [f.id, f]));
    return { ...(await this.present(siteId, [audit]))[0]!, sections: presentFullSections(structure, byId) };
  }

  private async present(siteId: bigint, rows: PaperAuditRow[]): Promise<TPaperAudit[]> {
    const [names, published] = await Promise.all([
      this.papers.categories.names(
        siteId,
        rows.flatMap((r) => [r.subjectId, r.yearId]),
      ),
      this.repo.papersByIds(
        siteId,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) =>
      presentPaperAudit(
        r,
        names,
        published.find((p) => p.id === r.id),
      ),
    );
  }

  private async lecturers(siteId: bigint, rows: PaperAuditRow[]) {
    const briefs = await this.users.briefs(
      siteId,
      rows.map((r) => r.lecturerUserId),
    );
    const names = await this.papers.lecturerNames(
      siteId,
      rows.map((r) => r.lecturerUserId),
    );
    return (r: PaperAuditRow) => ({
      lecturerUserId: String(r.lecturerUserId),
      lecturerName: names.get(r.lecturerUserId) ?? '',
      lecturerMobile: briefs.get(r.lecturerUserId)?.mobile ?? '',
    });
  }

  private async clean(siteId: bigint, input: PaperFieldsIn, before?: PaperAuditRow): Promise<PaperValues> {
    if (input.isFree === 0 && input.priceFen <= 0) throw fail('收费试卷请填写价格');
    await requireCategories(this.papers.categories, siteId, input, before);
    return {
      examName: input.examName,
      subjectId: input.subjectId ? BigInt(input.subjectId) : null,
      yearId: input.yearId ? BigInt(input.yearId) : null,
      description: input.description,
      answerTime: input.answerTime,
      passScore: input.passScore,
      isFree: input.isFree,
      priceFen: input.isFree === 1 ? 0 : input.priceFen,
      shuffleProblems: input.shuffleProblems,
      shuffleOptions: input.shuffleOptions,
      partialRule: input.partialRule,
      leaveLimit: input.leaveLimit,
    };
  }
}
