import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { data } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { paperPreview } from '#contract/exam-paper.ts';
import type { Route } from './+types/preview.ts';
import { Page } from '../../../components/page.tsx';
import { AUDIT_STATUS_NAME } from '../../../features/exam/format.ts';
import { PaperProblems } from '../../../features/exam/paper-problems.tsx';
import { pageLoad } from '../../../lib/session-load.ts';
import '../../../features/exam/exam.css';
import '../../../features/exam/account-exam.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  const id = new URL(args.request.url).searchParams.get('id') ?? '';
  if (!isId(id)) throw data(null, { status: 404 });
  return { paper: await pageLoad(args, paperPreview, { examId: id }) };
}

/** /account/exams/preview?id= — the paper as it will be sat, with answers and analysis for the lecturer. */
export default function ExamPreview({ loaderData }: Route.ComponentProps) {
  const { paper } = loaderData;
  return (
    <Page title={`预览：${paper.examName}`}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={4}
          items={[
            { key: 'a', label: '审核状态', children: <Tag>{AUDIT_STATUS_NAME[paper.auditStatus]}</Tag> },
            { key: 'b', label: '题目', children: `${paper.problemCount} 题` },
            { key: 'c', label: '满分 / 及格', children: `${paper.totalScore} / ${paper.passScore}` },
            { key: 'd', label: '时长', children: `${paper.answerTime} 分钟` },
          ]}
        />
        <Space>
          <Link to={`/account/exams/add?id=${paper.id}`}>
            <Button>编辑试卷</Button>
          </Link>
          <Link to="/account/exams/examAdmin">
            <Button>返回试卷管理</Button>
          </Link>
        </Space>
      </Card>
      <PaperProblems sections={paper.sections} />
    </Page>
  );
}
