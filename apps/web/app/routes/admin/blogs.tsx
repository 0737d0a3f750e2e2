import { Button, Popconfirm, Space, Tag } from 'antd';
import type { CallData } from '#contract/call.ts';
import { adminBlogDelete, adminBlogHide, adminBlogPage, adminBlogRecommend } from '#contract/community-blog-admin.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { HIDDEN_FILTER, HiddenTag } from '../../features/admin/hidden-state.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/blogs.ts';

export const meta: Route.MetaFunction = () => [{ title: '博客管理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminBlogPage, pageQueryFrom(args.request, adminBlogPage)) };
}

type Row = CallData<typeof adminBlogPage>['list'][number];

const filters: Filter[] = [
  { kind: 'text', name: 'keyword', label: '标题', maxLength: 50, placeholder: '标题包含' },
  HIDDEN_FILTER,
];

/** The administrator's blog posts: recommend one to the blog's front page, hide it from all but its author, or delete it. */
export default function AdminBlogs({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  return (
    <PagedList<Row>
      title="博客管理"
      noun="博客"
      page={loaderData.page}
      filters={filters}
      description="推荐的博客出现在博客首页的推荐位；隐藏的博客只有作者自己还能看到；删除会连同评论一起删除，不能恢复。"
      columns={[
        {
          title: '标题',
          dataIndex: 'title',
          render: (v: string, r) => (
            <a href={r.url} target="_blank" rel="noreferrer">
              {v}
            </a>
          ),
        },
        { title: '作者', dataIndex: 'nickname', width: 120 },
        { title: '浏览', dataIndex: 'viewCount', width: 80 },
        { title: '评论', dataIndex: 'commentCount', width: 80 },
        {
          title: '状态',
          key: 'state',
          width: 150,
          render: (_: unknown, r) => (
            <Space size={4} wrap>
              {r.isPublish ? null : <Tag>草稿</Tag>}
              <HiddenTag hidden={r.isHidden} />
              {r.isRecommend ? <Tag color="gold">推荐</Tag> : null}
            </Space>
          ),
        },
        { title: '发布时间', dataIndex: 'publishTime', width: 170 },
        {
          title: '操作',
          key: 'actions',
          width: 200,
          render: (_: unknown, r) => (
            <Space size={4}>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  call(
                    adminBlogRecommend,
                    { id: r.id, isRecommend: r.isRecommend ? 0 : 1 },
                    r.isRecommend ? '已取消推荐' : '已推荐',
                  )
                }
              >
                {r.isRecommend ? '取消推荐' : '推荐'}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  call(adminBlogHide, { id: r.id, isHidden: r.isHidden ? 0 : 1 }, r.isHidden ? '已恢复显示' : '已隐藏')
                }
              >
                {r.isHidden ? '恢复' : '隐藏'}
              </Button>
              <Popconfirm
                title={`删除博客“${r.title}”和它的全部评论？`}
                okText="删除"
                cancelText="取消"
                onConfirm={() => call(adminBlogDelete, { id: r.id }, '已删除')}
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
