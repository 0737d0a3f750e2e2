import { Button, Popconfirm, Space, Tag } from 'antd';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { adminQuestion } from '#contract/community-question.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { HIDDEN_FILTER, HiddenTag } from '../../features/admin/hidden-state.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/questions.ts';

export const meta: Route.MetaFunction = () => [{ title: '问题管理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminQuestion.page, pageQueryFrom(args.request, adminQuestion.page)) };
}

type Row = CallData<typeof adminQuestion.page>['list'][number];

const filters: Filter[] = [
  { kind: 'text', name: 'title', label: '标题', maxLength: 50, placeholder: '标题包含' },
  HIDDEN_FILTER,
];

/** The administrator's questions: hide one from everyone but its asker, bring it back, or delete it. */
export default function AdminQuestions({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  return (
    <PagedList<Row>
      title="问题管理"
      noun="问题"
      page={loaderData.page}
      filters={filters}
      description="隐藏的问题只有提问者自己还能看到；删除会连同它的回答和评论一起删除，不能恢复。"
      columns={[
        {
          title: '标题',
          dataIndex: 'title',
          render: (v: string, r) => (
            <a href={`/question/view/${r.id}`} target="_blank" rel="noreferrer">
              {v}
            </a>
          ),
        },
        { title: '提问者', dataIndex: ['asker', 'nickname'], width: 120 },
        {
          title: '标签',
          dataIndex: 'labels',
          width: 180,
          render: (ls: Row['labels']) => ls.map((l) => <Tag key={l.labelNo}>{l.labelName}</Tag>),
        },
        {
          title: '回答',
          dataIndex: 'answerCount',
          width: 90,
          render: (n: number, r) => <Link to={`/admin/answers?questionId=${r.id}`}>{n}</Link>,
        },
        {
          title: '状态',
          dataIndex: 'isHidden',
          width: 90,
          render: (h: number) => <HiddenTag hidden={h} />,
        },
        { title: '提问时间', dataIndex: 'gmtCreate', width: 170 },
        {
          title: '操作',
          key: 'actions',
          width: 150,
          render: (_: unknown, r) => (
            <Space size={4}>
              {r.isHidden ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => call(adminQuestion.restore, { id: r.id }, '已恢复显示')}
                >
                  恢复
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => call(adminQuestion.hide, { id: r.id }, '已隐藏')}>
                  隐藏
                </Button>
              )}
              <Popconfirm
                title={`删除问题“${r.title}”和它的全部回答？`}
                okText="删除"
                cancelText="取消"
                onConfirm={() => call(adminQuestion.delete, { id: r.id }, '已删除')}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
