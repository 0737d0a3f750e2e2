import { Button, Card, Descriptions, Space, Tabs, Tag } from 'antd';
import { data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { categoryList } from '#contract/exam.ts';
import { paperPreview } from '#contract/exam-paper.ts';
import type { Route } from './+types/add.ts';
import { Page } from '../../../components/page.tsx';
import { AutoRules } from '../../../features/exam/auto-rules.tsx';
import { ComposeSections } from '../../../features/exam/compose-sections.tsx';
import { AUDIT_STATUS_NAME } from '../../../features/exam/format.ts';
import { PaperForm } from '../../../features/exam/paper-form.tsx';
import { pageLoad, requireLecturer } from '../../../lib/session-load.ts';
import '../../../features/exam/account-exam.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  await requireLecturer(args);
  const id = new URL(args.request.url).searchParams.get('id') ?? '';
  if (id && !isId(id)) throw data(null, { status: 404 });
  const [categories, preview] = await Promise.all([
    pageLoad(args, categoryList),
    id ? pageLoad(args, paperPreview, { examId: id }) : Promise.resolve(null),
  ]);
  return { categories, preview };
}

/** /account/exams/add[?id=] — a paper's information, then its problems: by hand (sections) or by rules. */
export default function ExamAdd({ loaderData }: Route.ComponentProps) {
  const { categories, preview } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? (preview && preview.sections.length === 0 ? 'compose' : 'info');
  const refresh = () => void revalidator.revalidate();

  if (!preview)
    return (
      <Page title="新建试卷">
        <Card>
          <PaperForm
            paper={null}
            categories={categories}
            onSaved={(p) => navigate(`/account/exams/add?id=${p.id}&tab=compose`)}
          />
        </Card>
      </Page>
    );

  return (
    <Page title="编辑试卷">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={4}
          items={[
            { key: 'n', label: '试卷', children: preview.examName, span: 2 },
            { key: 's', label: '状态', children: <Tag>{AUDIT_STATUS_NAME[preview.auditStatus]}</Tag> },
            { key: 'c', label: '题目', children: `${preview.problemCount} 题 / ${preview.totalScore} 分` },
          ]}
        />
        <Space>
          <Link to={`/account/exams/preview?id=${preview.id}`}>
            <Button>预览试卷</Button>
          </Link>
          <Link to="/account/exams/examAdmin">
            <Button>返回试卷管理</Button>
          </Link>
        </Space>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            const next = new URLSearchParams(params);
            next.set('tab', k);
            setParams(next, { replace: true });
          }}
          items={[
            {
              key: 'info',
              label: '试卷信息',
              children: (
                <PaperForm key={preview.gmtModified} paper={preview} categories={categories} onSaved={refresh} />
              ),
            },
            {
              key: 'compose',
              label: '手动组卷',
              children:
                preview.sections.length === 0 ? (
                  <div>
                    <p className="qk-muted">试卷还没有题目。从题库挑选题目组成第一个大题，或用“按规则组卷”自动抽题。</p>
                    <Link to={`/account/exams/selectIssue?examId=${preview.id}&section=0`}>
                      <Button type="primary">从题库选题</Button>
                    </Link>
                  </div>
                ) : (
                  <ComposeSections
                    key={preview.gmtModified + preview.problemCount}
                    preview={preview}
                    onSaved={refresh}
                  />
                ),
            },
            {
              key: 'auto',
              label: '按规则组卷',
              children: (
                <AutoRules
                  examId={preview.id}
                  subjects={categories.subjectList}
                  onSaved={() => navigate(`/account/exams/add?id=${preview.id}&tab=compose`)}
                />
              ),
            },
          ]}
        />
      </Card>
    </Page>
  );
}
