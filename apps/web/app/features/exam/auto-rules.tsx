import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { CallData } from '#contract/call.ts';
import { PROBLEM_TYPES, problemTypeName, type TCategory } from '#contract/exam.ts';
import { paperAutoRefSave, type paperPreview } from '#contract/exam-paper.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

interface Rule {
  titleName?: string;
  problemType: number;
  subjectId?: string;
  difficulty?: number;
  count: number;
  score: number;
}

/** A new rule takes the next problem type the rules do not cover yet, from the last rule's subject and difficulty. */
function nextRule(rules: Rule[] = []): Rule {
  const used = new Set(rules.map((r) => r?.problemType));
  const type = PROBLEM_TYPES.find((t) => !used.has(t)) ?? 1;
  const last = rules.at(-1);
  return {
    problemType: type,
    subjectId: last?.subjectId,
    difficulty: last?.difficulty,
    count: 5,
    score: type === 5 ? 10 : 2,
  };
}

/** Composing by rules: each rule draws so many problems of a type (from a subject, at a difficulty) into a section. */
export function AutoRules({
  examId,
  subjects,
  onSaved,
}: {
  examId: string;
  subjects: TCategory[];
  onSaved: (p: CallData<typeof paperPreview>) => void;
}) {
  const [form] = Form.useForm<{ rules: Rule[] }>();
  const { run, pending, error } = useAction();
  async function onFinish(v: { rules: Rule[] }) {
    const saved = await run(
      () =>
        api(paperAutoRefSave, {
          examId,
          rules: v.rules.map((r) => ({
            ...r,
            problemType: r.problemType as 1 | 2 | 3 | 4 | 5 | 6,
            titleName: r.titleName || problemTypeName[r.problemType] || '',
          })),
        }),
      { success: '已按规则抽题组卷' },
    );
    if (saved) onSaved(saved);
  }
  return (
    <Form form={form} initialValues={{ rules: [{ problemType: 1, count: 10, score: 2 }] }} onFinish={onFinish}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="按规则组卷会从你的题库中随机抽题，并整体替换试卷现有的结构。"
      />
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                <span style={{ width: 44 }}>规则 {i + 1}</span>
                <Form.Item name={[f.name, 'titleName']} style={{ marginBottom: 8 }}>
                  <Input
                    placeholder="大题名称（默认题型名）"
                    maxLength={50}
                    style={{ width: 180 }}
                    aria-label={`规则 ${i + 1} 大题名称`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'problemType']}
                  rules={[{ required: true, message: '选择题型' }]}
                  style={{ marginBottom: 8 }}
                >
                  <Select
                    style={{ width: 100 }}
                    aria-label={`规则 ${i + 1} 题型`}
                    options={PROBLEM_TYPES.map((t) => ({ value: t, label: problemTypeName[t] }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'subjectId']} style={{ marginBottom: 8 }}>
                  <Select
                    allowClear
                    placeholder="全部科目"
                    style={{ width: 120 }}
                    aria-label={`规则 ${i + 1} 科目`}
                    options={subjects.map((c) => ({ value: c.id, label: c.categoryName }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'difficulty']} style={{ marginBottom: 8 }}>
                  <Select
                    allowClear
                    placeholder="不限难度"
                    style={{ width: 100 }}
                    aria-label={`规则 ${i + 1} 难度`}
                    options={[
                      { value: 1, label: '容易' },
                      { value: 2, label: '中等' },
                      { value: 3, label: '困难' },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'count']}
                  rules={[{ required: true, message: '数量' }]}
                  style={{ marginBottom: 8 }}
                >
                  <InputNumber
                    min={1}
                    max={100}
                    precision={0}
                    suffix="题"
                    style={{ width: 110 }}
                    aria-label={`规则 ${i + 1} 题目数量`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'score']}
                  rules={[{ required: true, message: '分值' }]}
                  style={{ marginBottom: 8 }}
                >
                  <InputNumber
                    min={1}
                    max={100}
                    precision={0}
                    suffix="分"
                    style={{ width: 150 }}
                    aria-label={`规则 ${i + 1} 每题分值`}
                  />
                </Form.Item>
                {fields.length > 1 ? (
                  <MinusCircleOutlined aria-label={`删除规则 ${i + 1}`} onClick={() => remove(f.name)} />
                ) : null}
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(nextRule(form.getFieldValue('rules') as Rule[]))}
              style={{ marginBottom: 16 }}
            >
              添加规则
            </Button>
          </>
        )}
      </Form.List>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={pending}>
        按规则抽题组卷
      </Button>
    </Form>
  );
}
