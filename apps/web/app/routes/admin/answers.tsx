import { Button, Popconfirm, Space, Tag } from 'antd';
import type { CallData } from '#contract/call.ts';
import { adminQuestion } from '#contract/community-question.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { HIDDEN_FILTER, HiddenTag } from '../../features/admin/hidden-state.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import { plainText } from '../../features/community/plain-text.ts';
import type { Route } from './+types/answers.ts';

export const meta: Route.MetaFunction = () => [{ title: '回答管理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return {
    page: await adminLoad(args, adminQuestion.answerPage, pageQueryFrom(args.request, adminQuestion.answerPage)),
  };
}

type Row = CallData<typeof adminQuestion.answerPage>['list'][number];

const filters: Filter[] = [
  { kind: 'text', name: 'keyword', label: '内容', maxLength: 50, placeholder: '回答内容包含' },
  HIDDEN_FILTER,
];

/** The administrator's answers: hide, restore or delete one (a deleted accepted answer frees its question). */
export default function AdminAnswers({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  return (
    <PagedList<Row>
      title="回答管理"
      noun="回答"
      page={loaderData.page}
      filters={filters}
      description="隐藏的回答只有回答者自己还能看到，不计入问题的回答数；删除会连同它的评论一起删除。"
      columns={[
        {
          title: '回答',
          dataIndex: 'content',
          render: (v: string, r) => (
            <a href={`/question/view/${r.questionId}#answer-${r.id}`} target="_blank" rel="noreferrer">
              {plainText(v, 60)}
            </a>
          ),
        },
        { title: '问题', dataIndex: 'questionTitle', width: 240 },
        { title: '回答者', dataIndex: ['user', 'nickname'], width: 110 },
        { title: '赞', dataIndex: 'likeCount', width: 60 },
        {
          title: '状态',
          dataIndex: 'isHidden',
          width: 120,
          render: (h: number, r) => (
            <>
              <HiddenTag hidden={h} />
              {r.isAccepted ? <Tag color="cyan">已采纳</Tag> : null}
            </>
          ),
        },
        { title: '时间', dataIndex: 'gmtCreate', width: 170 },
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
                  onClick={() => call(adminQuestion.answerRestore, { id: r.id }, '已恢复显示')}
                >
                  恢复
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => call(adminQuestion.answerHide, { id: r.id }, '已隐藏')}>
                  隐藏
                </Button>
              )}
              <Popconfirm
                title="删除这条回答和它的评论？"
                okText="删除"
                cancelText="取消"
                onConfirm={() => call(adminQuestion.answerDelete, { id: r.id }, '已删除')}
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
