import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, oneOf, StatusId, text } from './call.ts';
import { Category } from './exam.ts';

/**
 * Exams, part 4: the platform administrator keeps the subject and year categories (exam_category) that the
 * lecturer's problem and paper forms, the paper centre's filters and the wrong-answer book use.
 *
 * A stopped category (statusId 0) is no longer offered for new problems and papers, nor as a filter; the
 * problems and papers that already carry it keep showing its name. A category can be deleted only while no
 * problem or paper uses it.
 */
export const CategoryFields = z.object({
  categoryType: oneOf([1, 2], '请选择分类类型：科目或年份'),
  categoryName: text('分类名称', 20),
  sort: z.coerce
    .number({ error: '排序必须是数字' })
    .int({ error: '排序必须是整数' })
    .min(0, { error: '排序不能为负' })
    .max(99999, { error: '排序不能超过 99999' })
    .default(100),
  statusId: StatusId.default(1),
});

export const CategoryAdmin = Category.extend({
  statusId: z.number().int(),
  /** Problems (sub-problems included) and papers (lecturers' copies) that carry the category. */
  problemCount: z.number().int(),
  paperCount: z.number().int(),
  gmtCreate: z.string(),
});
export type TCategoryAdmin = z.output<typeof CategoryAdmin>;

const base = '/exam/admin/exam/category';
export const adminCategory = {
  list: defineCall({
    method: 'POST',
    path: `${base}/list`,
    access: 'admin',
    summary: '考试分类（科目与年份）列表，含已停用的',
    body: z.object({ categoryType: z.coerce.number().int().min(1).max(2).optional().catch(undefined) }).prefault({}),
    data: z.array(CategoryAdmin),
  }),
  save: defineCall({
    method: 'POST',
    path: `${base}/save`,
    access: 'admin',
    summary: '新增科目或年份',
    body: CategoryFields,
    data: CategoryAdmin,
  }),
  update: defineCall({
    method: 'POST',
    path: `${base}/update`,
    access: 'admin',
    summary: '修改科目或年份：改名、排序、启用或停用（类型不可改）',
    body: CategoryFields.extend({ id: Id }),
    data: CategoryAdmin,
  }),
  delete: defineCall({
    method: 'POST',
    path: `${base}/delete`,
    access: 'admin',
    summary: '删除科目或年份（仅限没有题目和试卷使用的；在用的请停用）',
    body: IdBody,
    data: z.null(),
  }),
};
