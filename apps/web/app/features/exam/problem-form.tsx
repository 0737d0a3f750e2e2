import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import {
  EXAM_LIMITS,
  problemSave,
  problemTypeName,
  problemUpdate,
  PROBLEM_TYPES,
  type TCategory,
  type TProblemFull,
} from '#contract/exam.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { categoryOptions } from './format.ts';
import { VideoSelect } from './video-select.tsx';

const KEYS = 'ABCDEFGH';

interface Values {
  problemType: number;
  problemContent: string;
  options: Array<{ content: string }>;
  single?: string;
  multiple?: string[];
  judge?: string;
  blanks?: Array<{ text: string }>;
  reference?: string;
  analysis: string;
  videoId?: string;
  score: number;
  difficulty: number;
  subjectId?: string;
  yearId?: string;
  knowledgePoints: string[];
}

function initialOf(p: TProblemFull | null, parentId: string | undefined): Values {
  if (!p)
    return {
      problemType: parentId ? 1 : 1,
      problemContent: '',
      options: [{ content: '' }, { content: '' }, { content: '' }, { content: '' }],
      blanks: [{ text: '' }],
      analysis: '',
      score: 2,
      difficulty: 1,
      knowledgePoints: [],
    };
  return {
    problemType: p.problemType,
    problemContent: p.problemContent,
    options: p.options.map((o) => ({ content: o.content })),
    single: p.problemType === 1 ? p.answer[0] : undefined,
    multiple: p.problemType === 2 ? p.answer : undefined,
    judge: p.problemType === 3 ? p.answer[0] : undefined,
    blanks: p.problemType === 4 ? p.answer.map((text) => ({ text })) : [{ text: '' }],
    reference: p.problemType === 5 ? (p.answer[0] ?? '') : undefined,
    analysis: p.analysis,
    videoId: p.videoId || undefined,
    score: p.score,
    difficulty: p.difficulty,
    subjectId: p.subjectId || undefined,
    yearId: p.yearId || undefined,
    knowledgePoints: p.knowledgePoints,
  };
}

function answerOf(v: Values): string[] {
  switch (v.problemType) {
    case 1:
      return v.single ? [v.single] : [];
    case 2:
      return [...(v.multiple ?? [])].sort();
    case 3:
      return v.judge ? [v.judge] : [];
    case 4:
      return (v.blanks ?? []).map((b) => b.text.trim());
    case 5:
      return v.reference?.trim() ? [v.reference.trim()] : [];
    default:
      return [];
  }
}

/**
 * The lecturer's problem editor for every type: stem, options (2–8), the answer in the type's own control,
 * analysis and its video, score, difficulty, subject, year and knowledge points. A sub-problem (parentId)
 * cannot be material.
 */
export function ProblemForm(props: {
  problem: TProblemFull | null;
  parentId?: string;
  categories: { subjectList: TCategory[]; yearList: TCategory[] };
  onSaved: (p: TProblemFull) => void;
}) {
  const { problem, parentId, categories } = props;
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('problemType', form) ?? problem?.problemType ?? 1;
  const options = (Form.useWatch('options', form) ?? []) as Array<{ content: string } | undefined>;
  const { run, pending, error } = useAction();
  const keys = options.map((_, i) => KEYS[i]!);

  async function onFinish(v: Values) {
    const body = {
      problemType: v.problemType as 1 | 2 | 3 | 4 | 5 | 6,
      parentId: problem?.parentId || parentId,
      problemContent: v.problemContent,
      options: v.problemType === 1 || v.problemType === 2 ? v.options.map((o) => ({ content: o.content })) : [],
      answer: answerOf(v),
      analysis: v.analysis ?? '',
      videoId: v.videoId ?? '',
      score: v.score,
      difficulty: v.difficulty as 1 | 2 | 3,
      subjectId: v.subjectId,
      yearId: v.yearId,
      knowledgePoints: v.knowledgePoints ?? [],
    };
    const saved = await run(
      () => (problem ? api(problemUpdate, { ...body, id: problem.id }) : api(problemSave, body)),
      { success: problem ? '题目已保存' : '题目已添加' },
    );
    if (saved) props.onSaved(saved);
  }

  const types = PROBLEM_TYPES.filter((t) => !(parentId || problem?.parentId) || t !== 6);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialOf(problem, parentId)}
      onFinish={onFinish}
      style={{ maxWidth: 820 }}
    >
      <Form.Item name="problemType" label="题型" extra={problem ? '题型保存后不能修改' : undefined}>
        <Radio.Group
          disabled={Boolean(problem)}
          optionType="button"
          options={types.map((t) => ({ value: t, label: problemTypeName[t] }))}
        />
      </Form.Item>
      <Form.Item
        name="problemContent"
        label={type === 6 ? '材料' : '题干'}
        rules={[{ required: true, whitespace: true, message: type === 6 ? '请填写材料内容' : '请填写题干' }]}
        extra={
          type === 4 ? '用 ____ 标出填空的位置；可以使用 HTML（如 <img>、<code>）' : '可以使用 HTML（如 <img>、<code>）'
        }
      >
        <Input.TextArea rows={type === 6 ? 8 : 4} maxLength={20000} />
      </Form.Item>
      {type === 1 || type === 2 ? (
        <Form.List
          name="options"
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v || v.length < EXAM_LIMITS.minOptions) throw new Error('至少 2 个选项');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label="选项" required>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <strong style={{ width: 18 }}>{KEYS[i]}</strong>
                  <Form.Item
                    name={[f.name, 'content']}
                    rules={[{ required: true, whitespace: true, message: `请填写选项 ${KEYS[i]}` }]}
                    style={{ marginBottom: 8, width: 560 }}
                  >
                    <Input maxLength={2000} placeholder={`选项 ${KEYS[i]}`} />
                  </Form.Item>
                  {fields.length > EXAM_LIMITS.minOptions ? (
                    <MinusCircleOutlined aria-label={`删除选项 ${KEYS[i]}`} onClick={() => remove(f.name)} />
                  ) : null}
                </Space>
              ))}
              {fields.length < EXAM_LIMITS.maxOptions ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ content: '' })}>
                  添加选项
                </Button>
              ) : null}
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
      ) : null}
      {type === 1 ? (
        <Form.Item name="single" label="正确答案" rules={[{ required: true, message: '请选择正确答案' }]}>
          <Radio.Group options={keys.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      ) : null}
      {type === 2 ? (
        <Form.Item
          name="multiple"
          label="正确答案"
          rules={[{ required: true, type: 'array', min: 2, message: '多选题至少选 2 个正确答案' }]}
        >
          <Checkbox.Group options={keys.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      ) : null}
      {type === 3 ? (
        <Form.Item name="judge" label="正确答案" rules={[{ required: true, message: '请选择正确或错误' }]}>
          <Radio.Group
            options={[
              { value: 'A', label: '正确' },
              { value: 'B', label: '错误' },
            ]}
          />
        </Form.Item>
      ) : null}
      {type === 4 ? (
        <Form.List name="blanks">
          {(fields, { add, remove }) => (
            <Form.Item
              label="每空答案"
              required
              extra="一空一行，按顺序；一空有多个可接受的答案时用 | 分隔，如 len|len()"
            >
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <span style={{ width: 52 }}>第 {i + 1} 空</span>
                  <Form.Item
                    name={[f.name, 'text']}
                    rules={[{ required: true, whitespace: true, message: `请填写第 ${i + 1} 空的答案` }]}
                    style={{ marginBottom: 8, width: 420 }}
                  >
                    <Input maxLength={500} />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <MinusCircleOutlined aria-label={`删除第 ${i + 1} 空`} onClick={() => remove(f.name)} />
                  ) : null}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: '' })}>
                添加一空
              </Button>
            </Form.Item>
          )}
        </Form.List>
      ) : null}
      {type === 5 ? (
        <Form.Item
          name="reference"
          label="参考答案"
          rules={[{ required: true, whitespace: true, message: '请填写参考答案，阅卷时对照' }]}
        >
          <Input.TextArea rows={4} maxLength={EXAM_LIMITS.maxAnswerChars} />
        </Form.Item>
      ) : null}
      {type === 6 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="材料题保存后，在下方为它添加子题（单选、多选、判断、填空或简答）；材料题的分值是子题分值之和。"
        />
      ) : null}
      {type !== 6 ? (
        <Form.Item name="analysis" label="解析">
          <Input.TextArea rows={3} maxLength={20000} placeholder="交卷后学员可见" />
        </Form.Item>
      ) : null}
      {type !== 6 ? (
        <Form.Item name="videoId" label="讲解视频" extra="从你的视频库中选择；学员交卷后（练习中作答后）可以观看">
          <VideoSelect />
        </Form.Item>
      ) : null}
      <Space size="large" wrap>
        {type !== 6 ? (
          <Form.Item name="score" label="默认分值" rules={[{ required: true, message: '请填写分值' }]}>
            <InputNumber min={1} max={100} precision={0} suffix="分" />
          </Form.Item>
        ) : null}
        <Form.Item name="difficulty" label="难度">
          <Radio.Group
            options={[
              { value: 1, label: '容易' },
              { value: 2, label: '中等' },
              { value: 3, label: '困难' },
            ]}
          />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item name="subjectId" label="科目">
          <Select
            allowClear
            placeholder="选择科目"
            style={{ width: 180 }}
            options={categoryOptions(categories.subjectList, problem?.subjectId, problem?.subjectName)}
          />
        </Form.Item>
        <Form.Item name="yearId" label="年份">
          <Select
            allowClear
            placeholder="选择年份"
            style={{ width: 140 }}
            options={categoryOptions(categories.yearList, problem?.yearId, problem?.yearName)}
          />
        </Form.Item>
      </Space>
      <Form.Item name="knowledgePoints" label="知识点" extra="输入后回车，最多 10 个">
        <Select mode="tags" maxCount={10} tokenSeparators={[',', '，']} placeholder="如：列表、切片" open={false} />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          {problem ? '保存修改' : '保存题目'}
        </Button>
      </Form.Item>
    </Form>
  );
}
