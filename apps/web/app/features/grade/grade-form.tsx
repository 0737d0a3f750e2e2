import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { GRADE_LIMITS, GradeFields, gradeInfoSave, gradeInfoUpdate, type TGrade } from '#contract/grade.ts';
import { api } from '../../api/client.ts';
import { checkWithSchema } from '../admin/schema-check.ts';
import { fieldsChanged } from '../account/fields-changed.ts';
import { ImageUpload } from '../account/image-upload.tsx';
import { useAction } from '../account/use-action.ts';
import { GRADE_JOIN_RULES } from './grade-labels.ts';

interface Values {
  gradeName: string;
  gradeCover: string;
  introduction: string;
  categoryId: string | undefined;
  capacity: number | null;
  dates: [Dayjs, Dayjs] | null;
  joinRule: number;
}

const DAY = 'YYYY-MM-DD';

function initialOf(g: TGrade | null): Values {
  if (!g) {
    return {
      gradeName: '',
      gradeCover: '',
      introduction: '',
      categoryId: undefined,
      capacity: null,
      dates: [dayjs().startOf('day'), dayjs().add(3, 'month').startOf('day')],
      joinRule: 2,
    };
  }
  return {
    gradeName: g.gradeName,
    gradeCover: g.gradeCover,
    introduction: g.introduction,
    categoryId: g.categoryId || undefined,
    capacity: g.capacity || null,
    dates: [dayjs(g.beginTime.slice(0, 10)), dayjs(g.endTime.slice(0, 10))],
    joinRule: g.joinRule,
  };
}

/**
 * Creating or editing a class: the contract's schema checks the values first, so a mistake shows under its field;
 * the server's refusals (an end before the beginning, a capacity below the members) show above the buttons.
 */
export function GradeForm(props: {
  grade: TGrade | null;
  subjects: ReadonlyArray<{ id: string; categoryName: string }>;
  onClose: () => void;
  onSaved: (g: TGrade) => void;
}) {
  const { grade, subjects, onClose, onSaved } = props;
  const [form] = Form.useForm<Values>();
  const { run, pending, error, setError } = useAction();

  async function submit() {
    const v = form.getFieldsValue();
    const body = {
      gradeName: v.gradeName ?? '',
      gradeCover: v.gradeCover ?? '',
      introduction: v.introduction ?? '',
      categoryId: v.categoryId ?? '',
      capacity: v.capacity ?? 0,
      beginTime: v.dates?.[0]?.format(DAY) ?? '',
      endTime: v.dates?.[1]?.format(DAY) ?? '',
      joinRule: v.joinRule,
    };
    const checked = checkWithSchema(form, GradeFields, body);
    if (!checked.ok) {
      if (!v.dates) form.setFields([{ name: 'dates', errors: ['请选择班级的开始和结束日期'] }]);
      return;
    }
    const saved = await run(
      () => (grade ? api(gradeInfoUpdate, { ...checked.data, id: grade.id }) : api(gradeInfoSave, checked.data)),
      { success: grade ? '班级信息已保存' : '班级已创建，可以分享给学员了' },
    );
    if (saved) onSaved(saved);
  }

  return (
    <Modal
      open
      title={grade ? `编辑班级：${grade.gradeName}` : '创建班级'}
      width={680}
      okText={grade ? '保存' : '创建班级'}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialOf(grade)}
        onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
      >
        <Form.Item name="gradeName" label="班级名称" required>
          <Input maxLength={50} showCount placeholder="如：前端进阶训练营（秋季班）" />
        </Form.Item>
        <Form.Item name="gradeCover" label="封面" extra="建议 16:9，如 800×450；不上传时显示班级名称">
          <ImageUpload size={120} label="上传封面" />
        </Form.Item>
        <Form.Item name="introduction" label="班级介绍">
          <Input.TextArea
            maxLength={2000}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder="学什么、适合谁、怎么安排"
          />
        </Form.Item>
        <div className="qk-grade-form__row">
          <Form.Item name="categoryId" label="分类">
            <Select
              allowClear
              placeholder="不分类"
              style={{ width: 200 }}
              options={subjects.map((s) => ({ value: s.id, label: s.categoryName }))}
              notFoundContent="平台还没有设置科目"
            />
          </Form.Item>
          <Form.Item name="capacity" label="人数上限" extra="不填为不限">
            <InputNumber min={1} max={GRADE_LIMITS.maxCapacity} precision={0} suffix="人" style={{ width: 160 }} />
          </Form.Item>
        </div>
        <Form.Item name="dates" label="起止日期" required extra="结束日期过后，班级进入已结束列表，班级课程不再开放">
          <DatePicker.RangePicker format={DAY} allowClear={false} />
        </Form.Item>
        <Form.Item name="joinRule" label="加入方式" required>
          <Radio.Group options={[1, 2, 3].map((v) => ({ value: v, label: GRADE_JOIN_RULES[v] }))} optionType="button" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Modal>
  );
}
