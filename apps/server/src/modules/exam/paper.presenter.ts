import type { TPaperAudit } from '#contract/exam-paper.ts';
import type { TPaperInfo } from '#contract/exam-centre.ts';
import { formatTime } from '../../platform/time.ts';
import type { PaperAuditRow, PaperRow } from './paper.repo.ts';
import type { PaperStructure } from './paper-structure.ts';
import type { TProblemFull } from '#contract/exam.ts';

const idOrEmpty = (v: bigint | null) => (v ? String(v) : '');
const nameOf = (names: Map<bigint, string>, v: bigint | null) => (v ? (names.get(v) ?? '') : '');

export function presentPaperAudit(
  r: PaperAuditRow,
  names: Map<bigint, string>,
  published: PaperRow | undefined,
): TPaperAudit {
  return {
    id: String(r.id),
    examName: r.examName,
    subjectId: idOrEmpty(r.subjectId),
    subjectName: nameOf(names, r.subjectId),
    yearId: idOrEmpty(r.yearId),
    yearName: nameOf(names, r.yearId),
    description: r.description,
    answerTime: r.answerTime,
    totalScore: r.totalScore,
    passScore: r.passScore,
    problemCount: r.problemCount,
    isFree: r.isFree,
    priceFen: r.priceFen,
    shuffleProblems: r.shuffleProblems,
    shuffleOptions: r.shuffleOptions,
    partialRule: r.partialRule,
    leaveLimit: r.leaveLimit,
    auditStatus: r.auditStatus,
    auditOpinion: r.auditOpinion,
    isPublished: published ? 1 : 0,
    isPutAway: published?.isPutAway ?? 0,
    gmtCreate: formatTime(r.gmtCreate),
    gmtModified: formatTime(r.gmtModified),
  };
}

export function presentPaperInfo(r: PaperRow, names: Map<bigint, string>, lecturerName: string): TPaperInfo {
  return {
    id: String(r.id),
    examName: r.examName,
    subjectId: idOrEmpty(r.subjectId),
    subjectName: nameOf(names, r.subjectId),
    yearId: idOrEmpty(r.yearId),
    yearName: nameOf(names, r.yearId),
    description: r.description,
    answerTime: r.answerTime,
    totalScore: r.totalScore,
    passScore: r.passScore,
    problemCount: r.problemCount,
    isFree: r.isFree,
    priceFen: r.priceFen,
    studyCount: r.studyCount,
    lecturerUserId: String(r.lecturerUserId),
    lecturerName,
    gmtCreate: formatTime(r.gmtCreate),
  };
}

/** The public outline: titles, counts and scores, never a problem. */
export const presentOutline = (s: PaperStructure) =>
  s.sections.map((sec) => ({
    titleName: sec.titleName,
    score: sec.score,
    problemCount: sec.items.reduce((n, i) => n + (i.children.length || 1), 0),
  }));

/** Sections with every problem in full (answers included): for the lecturer's preview and the audit. */
export const presentFullSections = (s: PaperStructure, full: Map<string, TProblemFull>) =>
  s.sections.map((sec) => ({
    titleName: sec.titleName,
    score: sec.score,
    problems: sec.items.map((it, i) => ({
      problemId: String(it.problem.id),
      score: it.score,
      sort: i,
      problem: full.get(String(it.problem.id))!,
    })),
  }));
