import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../platform/workbook.ts';
import { GRADE_LIMITS, type TImportReport } from '#contract/grade.ts';
import { MOBILE_RE } from '#contract/user.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { mustBeTeacher } from './grade.policy.ts';
import { FULL_MSG, type GradeMemberService } from './grade-member.service.ts';
import type { GradeService } from './grade.service.ts';

const HEADER = '手机号';

/** The text of a cell, whatever the spreadsheet stored: a number, rich text, a formula's result. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object' && 'richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof v === 'object' && 'result' in v) return cellText(v.result as ExcelJS.CellValue);
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  return String(v).trim();
}

/**
 * A class's members from a spreadsheet of mobiles (first column of the first sheet, an optional 手机号 header):
 * each row is added or refused with the reason, and a refused row changes nothing.
 */
export class GradeImportService {
  private readonly grades: GradeService;
  private readonly members: GradeMemberService;
  constructor(grades: GradeService, members: GradeMemberService) {
    this.grades = grades;
    this.members = members;
  }

  async template(): Promise<{ fileName: string; body: Buffer }> {
    const wb = await newWorkbook();
    const ws = wb.addWorksheet('学员名单');
    ws.columns = [{ header: HEADER, key: 'mobile', width: 20 }];
    ws.getColumn(1).numFmt = '@';
    ws.addRow({ mobile: '13800000000' });
    return { fileName: '班级学员名单模板.xlsx', body: Buffer.from(await wb.xlsx.writeBuffer()) };
  }

  async import(
    siteId: bigint,
    userId: bigint,
    gradeId: string | undefined,
    file: { bytes: Buffer; truncated: boolean } | undefined,
  ): Promise<TImportReport> {
    if (!gradeId || !/^[1-9]\d{0,18}$/.test(gradeId)) throw fail('请先选择班级（字段 gradeId 在 file 之前）');
    const { g, relation } = await this.grades.withRelation(siteId, BigInt(gradeId), userId);
    mustBeTeacher(relation);
    if (g.endTime.getTime() <= Date.now()) throw fail('班级已结束，不能再添加学员');
    if (!file || file.bytes.length === 0) throw fail('请选择要上传的 xlsx 文件');
    if (file.truncated) throw fail('文件不能超过 2 MB');
    const wb = await newWorkbook();
    try {
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    } catch {
      throw fail('无法读取文件，请上传 .xlsx 格式的表格（可下载模板填写）');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw fail('表格里没有工作表');
    const rows: { row: number; mobile: string }[] = [];
    ws.eachRow({ includeEmpty: false }, (r, n) => {
      const mobile = cellText(r.getCell(1).value).replace(/[\s-]/g, '');
      if (mobile === '' || (rows.length === 0 && mobile === HEADER)) return;
      rows.push({ row: n, mobile });
    });
    if (rows.length === 0) throw fail('表格里没有手机号，请在第一列填写');
    if (rows.length > GRADE_LIMITS.maxImportRows) throw fail(`一次最多导入 ${GRADE_LIMITS.maxImportRows} 行`);

    const report: TImportReport['rows'] = [];
    const seen = new Map<string, number>();
    let added = 0;
    try {
      for (const { row, mobile } of rows) {
        const refuse = (reason: string) => report.push({ row, mobile, reason });
        if (!MOBILE_RE.test(mobile)) {
          refuse('手机号格式不正确');
          continue;
        }
        const first = seen.get(mobile);
        if (first !== undefined) {
          refuse(`与第 ${first} 行重复`);
          continue;
        }
        seen.set(mobile, row);
        const who = await this.members.refusalFor(siteId, g, mobile);
        if (typeof who === 'string') {
          refuse(who);
          continue;
        }
        try {
          await this.members.seatUnannounced(siteId, g.id, who.id);
          added++;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          refuse(e.message === FULL_MSG ? '超出班级人数上限' : e.message);
        }
      }
    } finally {
      // once for the whole sheet, also when a row failed past the members already seated
      if (added) await this.grades.announceOpened();
    }
    return { added, refused: report.length, rows: report };
  }
}
