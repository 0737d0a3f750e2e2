import { Form, Input, Tooltip } from 'antd';
import { CategoryType } from '#contract/exam.ts';
import { adminCategory, type TCategoryAdmin } from '#contract/exam-category.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems } from '../../features/admin/form-items.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/exam-categories.ts';

export const meta: Route.MetaFunction = () => [{ title: '科目与年份 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminCategory.list, {}) };
}

function resource(noun: '科目' | '年份'): ListResource<TCategoryAdmin> {
  return {
    noun,
    calls: adminCategory,
    nameOf: (row) => row.categoryName,
    columns: [
      { title: `${noun}名称`, dataIndex: 'categoryName' },
      {
        title: '使用情况',
        key: 'usage',
        width: 200,
        render: (_: unknown, row) => (
          <Tooltip
            title={
              row.problemCount + row.paperCount > 0
                ? '已被使用：不能删除，不再使用可以停用'
                : '还没有题目或试卷使用，可以删除'
            }
          >
            <span style={{ color: row.problemCount + row.paperCount > 0 ? undefined : '#999' }}>
              {row.problemCount} 道题 · {row.paperCount} 份试卷
            </span>
          </Tooltip>
        ),
      },
    ],
    defaults: { categoryName: '', sort: 100, statusId: 1 },
    fields: (
      <>
        <Form.Item name="categoryName" label={`${noun}名称`} rules={[{ required: true, message: `请填写${noun}名称` }]}>
          <Input maxLength={20} showCount placeholder={noun === '科目' ? '如：Python、高等数学' : '如：2025'} />
        </Form.Item>
        <SortStatusItems />
      </>
    ),
    modalWidth: 520,
  };
}

const lists = [
  {
    type: CategoryType.SUBJECT,
    resource: resource('科目'),
    description:
      '讲师出题、组卷时选择的科目，也是考试中心和错题本的筛选项。停用后不再供新题目和试卷选择，已有的题目和试卷保留原科目。',
  },
  {
    type: CategoryType.YEAR,
    resource: resource('年份'),
    description: '试卷和题目所属的年份（如真题年份），考试中心按年份筛选。排序数字越小越靠前。',
  },
];

/** /admin/exam-categories — the subjects and years the question bank, papers and the paper centre's filters use. */
export default function AdminExamCategories({ loaderData }: Route.ComponentProps) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      {lists.map((l) => (
        <ListPage
          key={l.type}
          resource={l.resource}
          rows={loaderData.rows.filter((r) => r.categoryType === l.type)}
          fixed={{ categoryType: l.type }}
          title={l.resource.noun}
          description={l.description}
        />
      ))}
    </div>
  );
}
