import { Alert, Button, Cascader, Form, Input, InputNumber, Radio, Switch } from 'antd';
import type { TCategoryNode } from '#contract/course.ts';
import { courseAuditSave, courseAuditUpdate, type TCourseAuditView } from '#contract/studio.ts';
import { api, ApiError } from '../../api/client.ts';
import { showSuccess } from '../../lib/toast.ts';
import { checkWithSchema } from '../admin/schema-check.ts';
import { fieldsChanged } from '../account/fields-changed.ts';
import { ImageUpload } from '../account/image-upload.tsx';
import { useAction } from '../account/use-action.ts';
import { IntroduceInput } from './introduce-input.tsx';
import { fieldOfMessage } from './field-of-message.ts';
import { toFen, toYuan } from './studio-format.ts';
import type { StudioKind } from './studio-kind.ts';

interface Values {
  courseName: string;
  /** the path from the top category to the chosen one */
  categoryId: string[];
  courseLogo: string;
  introduce: string;
  isFree: number;
  coursePrice: number | null;
  rulingPrice: number | null;
  isVipFree: boolean;
  speedDouble: boolean;
  speedDrag: boolean;
}

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const toOptions = (
  nodes: ReadonlyArray<{ id: string; categoryName: string; childrenList?: readonly unknown[] }>,
): CascaderOption[] =>
  nodes.map((n) => {
    const children = (n.childrenList ?? []) as ReadonlyArray<{
      id: string;
      categoryName: string;
      childrenList?: readonly unknown[];
    }>;
    return { value: n.id, label: n.categoryName, children: children.length ? toOptions(children) : undefined };
  });

/** The ids from the top of the tree down to `id`; [] when it is not in the tree. */
function pathTo(tree: TCategoryNode[], id: string): string[] {
  for (const a of tree) {
    if (a.id === id) return [a.id];
    for (const b of a.childrenList) {
      if (b.id === id) return [a.id, b.id];
      for (const c of b.childrenList) if (c.id === id) return [a.id, b.id, c.id];
    }
  }
  return [];
}

function initialOf(course: TCourseAuditView | null, tree: TCategoryNode[]): Values {
  if (!course) {
    return {
      courseName: '',
      categoryId: [],
      courseLogo: '',
      introduce: '',
      isFree: 0,
      coursePrice: null,
      rulingPrice: null,
      isVipFree: false,
      speedDouble: true,
      speedDrag: true,
    };
  }
  return {
    courseName: course.courseName,
    categoryId: pathTo(tree, course.categoryId),
    courseLogo: course.courseLogo,
    introduce: course.introduce,
    isFree: course.isFree,
    coursePrice: course.isFree ? null : toYuan(course.coursePrice),
    rulingPrice: course.rulingPrice ? toYuan(course.rulingPrice) : null,
    isVipFree: course.isVipFree === 1,
    speedDouble: course.speedDouble === 1,
    speedDrag: course.speedDrag === 1,
  };
}

/**
 * A course draft's own fields. Prices are typed in yuan and sent in fen. The contract's schema checks the values
 * before sending, and a refusal of the server that names a field is shown under that field.
 */
export function CourseForm(props: {
  kind: StudioKind;
  course: TCourseAuditView | null;
  categories: TCategoryNode[];
  onSaved: (c: TCourseAuditView) => void;
}) {
  const { kind, course, categories } = props;
  const [form] = Form.useForm<Values>();
  const isFree = Form.useWatch('isFree', form) ?? course?.isFree ?? 0;
  const { run, pending, error, setError } = useAction();

  async function onFinish(v: Values) {
    const body = {
      courseType: kind.courseType,
      courseName: v.courseName,
      categoryId: v.categoryId.at(-1) ?? '',
      courseLogo: v.courseLogo ?? '',
      introduce: v.introduce ?? '',
      isFree: v.isFree,
      coursePrice: v.isFree ? 0 : toFen(v.coursePrice),
      rulingPrice: toFen(v.rulingPrice),
      isVipFree: v.isVipFree ? 1 : 0,
      speedDouble: v.speedDouble ? 1 : 0,
      speedDrag: v.speedDrag ? 1 : 0,
      sort: course?.sort ?? 100,
    };
    const checked = checkWithSchema(form, courseAuditSave.body, body);
    if (!checked.ok) return;
    const saved = await run(async () => {
      try {
        return await (course
          ? api(courseAuditUpdate, { ...checked.data, id: course.id })
          : api(courseAuditSave, checked.data));
      } catch (err) {
        // a refusal that names a field goes under that field; anything else stays beside the button
        const field = err instanceof ApiError ? (fieldOfMessage(err.message) as keyof Values | null) : null;
        if (!field) throw err;
        form.setFields([{ name: field, errors: [(err as ApiError).claim().message] }]);
        form.scrollToField(field);
        return null;
      }
    });
    if (!saved) return;
    showSuccess(
      course ? `${kind.noun}信息已保存，修改需重新提交审核` : `${kind.noun}已创建，接下来添加章节和${kind.periodNoun}`,
    );
    props.onSaved(saved);
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialOf(course, categories)}
      onFinish={onFinish}
      onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
      style={{ maxWidth: 760 }}
    >
      <Form.Item
        name="courseName"
        label={`${kind.noun}名称`}
        rules={[{ required: true, whitespace: true, message: `请填写${kind.noun}名称` }]}
      >
        <Input maxLength={100} showCount placeholder="如：零基础学 Python" />
      </Form.Item>
      <Form.Item
        name="categoryId"
        label="分类"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择课程分类' }]}
      >
        <Cascader
          options={toOptions(categories)}
          changeOnSelect
          placeholder="选择分类"
          style={{ width: 320 }}
          notFoundContent="平台还没有设置分类"
        />
      </Form.Item>
      <Form.Item name="courseLogo" label="封面" extra="建议 16:9，如 800×450">
        <ImageUpload size={120} label="上传封面" />
      </Form.Item>
      <Form.Item name="introduce" label={`${kind.noun}介绍`}>
        <IntroduceInput />
      </Form.Item>
      <Form.Item name="isFree" label="价格">
        <Radio.Group
          options={[
            { value: 0, label: '收费' },
            { value: 1, label: '免费' },
          ]}
        />
      </Form.Item>
      {isFree === 0 ? (
        <div className="qk-studio-prices">
          <Form.Item name="coursePrice" label="售价" rules={[{ required: true, message: '请填写售价' }]}>
            <InputNumber min={0} max={1_000_000} precision={2} suffix="元" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="rulingPrice" label="划线价" extra="显示为删除线的原价，应不低于售价；不需要可不填">
            <InputNumber min={0} max={1_000_000} precision={2} suffix="元" style={{ width: 180 }} />
          </Form.Item>
        </div>
      ) : null}
      <div className="qk-studio-switches">
        <Form.Item name="isVipFree" label="会员免费" valuePropName="checked">
          <Switch />
        </Form.Item>
        {kind.content === 'video' ? (
          <>
            <Form.Item name="speedDouble" label="允许倍速播放" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="speedDrag" label="允许拖动到未看过的位置" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          {course ? '保存' : `创建${kind.noun}`}
        </Button>
      </Form.Item>
    </Form>
  );
}
