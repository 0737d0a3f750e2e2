import { useRef, useState } from 'react';
import { Alert, Button, Space, Table } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useRevalidator } from 'react-router';
import {
  GRADE_LIMITS,
  gradeStudentImport,
  gradeStudentTemplate,
  type TGrade,
  type TImportReport,
} from '#contract/grade.ts';
import { refuseFile, uploadFile } from '../../api/upload.ts';
import { showFailure } from '../../api/client.ts';
import { useMinLoading } from '../../lib/min-loading.ts';
import { downloadCall } from './download.ts';

/** What is wrong with a chosen member list before it is sent (the server reads it again), or null. */
function listProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '请上传 .xlsx 格式的表格（可下载模板填写）';
  if (file.size === 0) return '文件为空，请检查文件';
  if (file.size > GRADE_LIMITS.importMaxBytes) return '文件不能超过 2 MB';
  return null;
}

/** Members from a spreadsheet of mobiles: the template, the upload, and the report of each row left out and why. */
export function ImportPanel({ grade }: { grade: TGrade }) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const busy = useMinLoading(pending);
  const [report, setReport] = useState<{ file: string; r: TImportReport } | null>(null);
  const revalidator = useRevalidator();

  async function pick(file: File | undefined) {
    if (!file) return;
    setPending(true);
    try {
      const problem = listProblem(file);
      if (problem) throw refuseFile(gradeStudentImport, problem);
      const r = await uploadFile(gradeStudentImport, file, { gradeId: grade.id });
      setReport({ file: file.name, r });
      await revalidator.revalidate();
    } catch (err) {
      showFailure(err, '上传失败，请稍后再试');
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <ol className="qk-grade-steps">
        <li>
          下载模板，在第一列“手机号”下每行填写一个已注册用户的手机号（一次最多 {GRADE_LIMITS.maxImportRows} 行）。
        </li>
        <li>上传填好的表格，已注册且未在班级中的用户会直接加入班级；无法添加的行会逐行说明原因。</li>
      </ol>
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadCall(gradeStudentTemplate, {}, '班级学员名单模板.xlsx').catch((err: unknown) =>
              showFailure(err, '下载失败，请稍后再试'),
            )
          }
        >
          下载模板
        </Button>
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          aria-label="上传学员名单"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          上传名单
        </Button>
      </Space>
      {report ? (
        <section className="qk-grade-report" aria-label="导入结果">
          <Alert
            type={report.r.refused ? 'warning' : 'success'}
            showIcon
            title={`「${report.file}」已添加 ${report.r.added} 人${report.r.refused ? `，${report.r.refused} 行未添加` : '，全部添加成功'}`}
          />
          {report.r.rows.length ? (
            <Table
              rowKey="row"
              size="small"
              pagination={report.r.rows.length > 20 ? { pageSize: 20 } : false}
              dataSource={report.r.rows}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '手机号', dataIndex: 'mobile', width: 180 },
                { title: '未添加的原因', dataIndex: 'reason' },
              ]}
            />
          ) : null}
        </section>
      ) : null}
    </>
  );
}
