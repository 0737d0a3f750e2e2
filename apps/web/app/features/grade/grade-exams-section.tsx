import { Alert, Button, Card, List, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { GradeExamState, gradeExamRelationBegin, type TGradeExam } from '#contract/grade-exam.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { gradeAttemptUrl, gradeResultUrl } from './grade-exam-calls.ts';

const GROUPS = [
  { state: GradeExamState.OPEN, title: '进行中', color: 'processing' },
  { state: GradeExamState.UPCOMING, title: '未开始', color: 'default' },
  { state: GradeExamState.CLOSED, title: '已结束', color: 'default' },
] as const;

function ExamItem({ e, onBegin, busy }: { e: TGradeExam; onBegin: (e: TGradeExam) => void; busy: boolean }) {
  const actions = [];
  if (e.myRecordId)
    actions.push(
      <Link key="continue" to={gradeAttemptUrl(e.myRecordId, e.id)}>
        <Button type="primary">继续</Button>
      </Link>,
    );
  else if (e.myCanBegin)
    actions.push(
      <Button key="begin" type="primary" loading={busy} onClick={() => onBegin(e)}>
        {e.myAttemptCount > 0 ? '再考一次' : '开始'}
      </Button>,
    );
  if (e.myAttemptCount > 0)
    actions.push(
      <Link key="score" to={gradeResultUrl({ gradeExamId: e.id })}>
        <Button>查看成绩</Button>
      </Link>,
    );
  return (
    <List.Item actions={actions} data-testid="grade-exam-item">
      <List.Item.Meta
        title={
          <Space>
            <span>{e.examName}</span>
            {e.myCompensateStatus === 1 ? <Tag color="orange">补考已开放</Tag> : null}
          </Space>
        }
        description={
          <>
            {e.beginTime.slice(0, 16)} 至 {e.endTime.slice(0, 16)} · 时长 {e.answerTime} 分钟 · 满分 {e.paperTotalScore}{' '}
            分 · 可考 {e.attemptLimit} 次
            {e.myAttemptCount > 0 ? ` · 已考 ${e.myAttemptCount} 次，最高 ${e.myBestScore} 分` : ''}
            {!e.myRecordId && !e.myCanBegin && e.myReason ? (
              <div className="qk-muted" data-testid="grade-exam-reason">
                {e.myReason}
              </div>
            ) : null}
          </>
        }
      />
    </List.Item>
  );
}

/** The class page's exams for its members: open, upcoming and closed, with 开始/继续/查看成绩. */
export function GradeExamsSection({ exams }: { exams: TGradeExam[] }) {
  const navigate = useNavigate();
  const { run, pending, error } = useAction();
  async function begin(e: TGradeExam) {
    const a = await run(() => api(gradeExamRelationBegin, { gradeExamId: e.id }));
    if (a) navigate(gradeAttemptUrl(a.recordId, e.id));
  }
  return (
    <Card title="班级考试" style={{ marginTop: 16 }} data-testid="grade-exams">
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      {exams.length === 0 ? <p className="qk-muted">班主任还没有布置考试</p> : null}
      {GROUPS.map((g) => {
        const list = exams.filter((e) => e.state === g.state);
        if (list.length === 0) return null;
        return (
          <div key={g.state}>
            <Tag color={g.color} style={{ marginTop: 8 }}>
              {g.title}
            </Tag>
            <List
              dataSource={list}
              rowKey="id"
              renderItem={(e) => <ExamItem e={e} busy={pending} onBegin={(x) => void begin(x)} />}
            />
          </div>
        );
      })}
    </Card>
  );
}
