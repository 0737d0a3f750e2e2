import type ExcelJS from 'exceljs';

/**
 * A new xlsx workbook. exceljs takes about 28 MB of a process's memory once loaded, and only exports and imports
 * use it, so it is loaded by the first of them rather than at start.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
