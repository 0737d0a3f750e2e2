import { newWorkbook } from '../../platform/workbook.ts';
import type { UserService } from '../user/user.service.ts';
import { formatTime } from '../../platform/time.ts';
import type { AttemptRepo } from './attempt.repo.ts';
import type { MarkingService } from './marking.service.ts';

const STATUS_NAME: Record<number, string> = { 2: '待批阅', 3: '已完成' };

/** The results of a paper as an xlsx workbook: one row per submitted attempt, newest first. */
export class ExportService {
  private readonly repo: AttemptRepo;
  private readonly marking: MarkingService;
  private readonly users: UserService;
  constructor(repo: AttemptRepo, marking: MarkingService, users: UserService) {
    this.repo = repo;
    this.marking = marking;
    this.users = users;
  }

  async results(siteId: bigint, userId: bigint, examId: string): Promise<{ fileName: string; body: Buffer }> {
    const paper = await this.marking.ownPaper(siteId, userId, examId);
    const records = await this.repo.submitted(siteId, paper.id);
    const users = await this.users.briefs(siteId, [...new Set(records.map((r) => r.userId))]);
    const wb = await newWorkbook();
    wb.creator = '青课';
    const ws = wb.addWorksheet('成绩');
    ws.columns = [
      { header: '学员昵称', key: 'nickname', width: 16 },
      { header: '手机号', key: 'mobile', width: 14 },
      { header: '开始时间', key: 'start', width: 20 },
      { header: '交卷时间', key: 'submit', width: 20 },
      { header: '交卷方式', key: 'how', width: 10 },
      { header: '客观题得分', key: 'objective', width: 12 },
      { header: '主观题得分', key: 'subjective', width: 12 },
      { header: '总分', key: 'total', width: 8 },
      { header: '满分', key: 'full', width: 8 },
      { header: '是否及格', key: 'pass', width: 10 },
      { header: '切屏次数', key: 'leave', width: 10 },
      { header: '状态', key: 'status', width: 10 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const r of records) {
      const u = users.get(r.userId);
      ws.addRow({
        nickname: u?.nickname ?? '',
        mobile: u?.mobile ?? '',
        start: formatTime(r.startTime),
        submit: formatTime(r.submitTime),
        how: r.isAutoSubmit ? '自动交卷' : '学员交卷',
        objective: r.objectiveScore,
        subjective: r.subjectiveScore,
        total: r.totalScore,
        full: paper.totalScore,
        pass: r.status === 3 ? (r.isPass ? '及格' : '不及格') : '待批阅',
        leave: r.leaveCount,
        status: STATUS_NAME[r.status] ?? '',
      });
    }
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    return { fileName: `${paper.examName}-成绩.xlsx`, body };
  }
}
