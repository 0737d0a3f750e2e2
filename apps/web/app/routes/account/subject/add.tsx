import { Button, Card, Popconfirm, Space, Tag } from 'antd';
import { data, useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { categoryList, problemDelete, problemView } from '#contract/exam.ts';
import type { Route } from './+types/add.ts';
import { api } from '../../../api/client.ts';
import { Page } from '../../../components/page.tsx';
import { useAction } from '../../../features/account/use-action.ts';
import { ProblemForm } from '../../../features/exam/problem-form.tsx';
import { answerText } from '../../../features/exam/format.ts';
import { pageLoad, requireLecturer } from '../../../lib/session-load.ts';
import '../../../features/exam/account-exam.css';
import { isId } from '#contract/call.ts';

export async function loader(args: Route.LoaderArgs) {
  await requireLecturer(args);
  const p = new URL(args.request.url).searchParams;
  const id = p.get('id') ?? '';
  const parentId = p.get('parentId') ?? '';
  if ((id && !isId(id)) || (parentId && !isId(parentId))) throw data(null, { status: 404 });
  const [categories, problem, parent] = await Promise.all([
    pageLoad(args, categoryList),
    id ? pageLoad(args, problemView, { id }) : Promise.resolve(null),
    parentId ? pageLoad(args, problemView, { id: parentId }) : Promise.resolve(null),
  ]);
  return { categories, problem, parent };
}

/** /account/subject/add[?id=][&parentId=] — add or edit a problem; a material problem's sub-problems are managed here too. */
export default function SubjectAdd({ loaderData }: Route.ComponentProps) {
  const { categories, problem, parent } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { run } = useAction();
  const owner = parent ?? (problem?.parentId ? { id: problem.parentId } : null);
  const title = problem ? '编辑题目' : parent ? '添加子题' : '新增题目';

  async function removeChild(id: string) {
    if ((await run(() => api(problemDelete, { id }), { toast: true, success: '子题已删除' })) !== undefined)
      await revalidator.revalidate();
  }

  return (
    <Page title={title}>
      <Space style={{ marginBottom: 16 }}>
        <Link to="/account/subject/comprehend">
          <Button>返回题库</Button>
        </Link>
        {owner ? (
          <Link to={`/account/subject/add?id=${owner.id}`}>
            <Button>返回材料题</Button>
          </Link>
        ) : null}
      </Space>
      {parent ? (
        <Card size="small" title="所属材料" style={{ marginBottom: 16 }}>
          <div className="qk-exam-stem-cell">{parent.problemContent.replace(/<[^>]*>/g, ' ')}</div>
        </Card>
      ) : null}
      <Card>
        <ProblemForm
          key={problem?.id ?? 'new'}
          problem={problem}
          parentId={parent?.id}
          categories={categories}
          onSaved={(p) => {
            if (p.parentId) navigate(`/account/subject/add?id=${p.parentId}`);
            else if (p.problemType === 6 && !problem) navigate(`/account/subject/add?id=${p.id}`);
            else if (!problem) navigate('/account/subject/comprehend');
            else void revalidator.revalidate();
          }}
        />
      </Card>
      {problem?.problemType === 6 ? (
        <Card
          title={`子题（${problem.children.length}）`}
          style={{ marginTop: 16 }}
          extra={
            <Link to={`/account/subject/add?parentId=${problem.id}`}>
              <Button type="primary">添加子题</Button>
            </Link>
          }
        >
          {problem.children.length === 0 ? (
            <p className="qk-muted">还没有子题。材料题至少要有 1 道子题才能组卷。</p>
          ) : (
            problem.children.map((c, i) => (
              <div key={c.id} className="qk-exam-compose-row">
                <span>{i + 1}.</span>
                <Tag>{c.problemTypeName}</Tag>
                <span className="qk-exam-stem-cell">{c.problemContent.replace(/<[^>]*>/g, ' ')}</span>
                <span className="qk-muted">答案：{answerText(c.problemType, c.answer)}</span>
                <span className="qk-muted">{c.score} 分</span>
                <Link to={`/account/subject/add?id=${c.id}`}>
                  <Button size="small">编辑</Button>
                </Link>
                <Popconfirm title="删除这道子题？" okText="删除" cancelText="取消" onConfirm={() => removeChild(c.id)}>
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            ))
          )}
        </Card>
      ) : null}
    </Page>
  );
}
