import { Alert, Button, Card, List, Space, Tag } from 'antd';
import { Link } from '../../components/link.tsx';
import { GradeExamState, type TGradeExam } from '#contract/grade-exam.ts';
import { gradeAttemptUrl, gradeResultUrl } from './grade-exam-calls.ts';
import { GRADE_EXAM_GROUPS, gradeExamFacts } from './grade-exam-format.ts';
import { useBeginGradeExam } from './use-begin-grade-exam.ts';

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
            {gradeExamFacts(e)}
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
  const { begin, pending, error } = useBeginGradeExam(gradeAttemptUrl);
  return (
    <Card title="班级考试" style={{ marginTop: 16 }} data-testid="grade-exams">
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      {exams.length === 0 ? <p className="qk-muted">班主任还没有布置考试</p> : null}
      {GRADE_EXAM_GROUPS.map((g) => {
        const list = exams.filter((e) => e.state === g.state);
        if (list.length === 0) return null;
        return (
          <div key={g.state}>
            <Tag color={g.state === GradeExamState.OPEN ? 'processing' : 'default'} style={{ marginTop: 8 }}>
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
