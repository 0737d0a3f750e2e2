import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { type TCategory } from '#contract/exam.ts';
import { paperAuditSave, paperAuditUpdate, type TPaperAudit } from '#contract/exam-paper.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { categoryOptions } from './format.ts';

interface Values {
  examName: string;
  subjectId?: string;
  yearId?: string;
  description: string;
  answerTime: number;
  passScore: number;
  isFree: number;
  price: number;
  shuffleProblems: boolean;
  shuffleOptions: boolean;
  partialRule: number;
  leaveLimit: number;
}

/** A paper's own fields: name, categories, time, pass score, price (entered in yuan, sent in fen), rules. */
export function PaperForm(props: {
  paper: TPaperAudit | null;
  categories: { subjectList: TCategory[]; yearList: TCategory[] };
  onSaved: (p: TPaperAudit) => void;
}) {
  const { paper, categories } = props;
  const [form] = Form.useForm<Values>();
  const isFree = Form.useWatch('isFree', form) ?? paper?.isFree ?? 1;
  const { run, pending, error } = useAction();
  const initial: Values = paper
    ? {
        examName: paper.examName,
        subjectId: paper.subjectId || undefined,
        yearId: paper.yearId || undefined,
        description: paper.description,
        answerTime: paper.answerTime,
        passScore: paper.passScore,
        isFree: paper.isFree,
        price: paper.priceFen / 100,
        shuffleProblems: paper.shuffleProblems === 1,
        shuffleOptions: paper.shuffleOptions === 1,
        partialRule: paper.partialRule,
        leaveLimit: paper.leaveLimit,
      }
    : {
        examName: '',
        description: '',
        answerTime: 60,
        passScore: 60,
        isFree: 1,
        price: 0,
        shuffleProblems: false,
        shuffleOptions: false,
        partialRule: 1,
        leaveLimit: 0,
      };

  async function onFinish(v: Values) {
    const body = {
      examName: v.examName,
      subjectId: v.subjectId,
      yearId: v.yearId,
      description: v.description ?? '',
      answerTime: v.answerTime,
      passScore: v.passScore,
      isFree: v.isFree as 0 | 1,
      priceFen: v.isFree === 1 ? 0 : Math.round((v.price ?? 0) * 100),
      shuffleProblems: v.shuffleProblems ? 1 : 0,
      shuffleOptions: v.shuffleOptions ? 1 : 0,
      partialRule: v.partialRule as 0 | 1,
      leaveLimit: v.leaveLimit ?? 0,
    };
    const saved = await run(
      () => (paper ? api(paperAuditUpdate, { ...body, id: paper.id }) : api(paperAuditSave, body)),
      { success: paper ? '试卷信息已保存' : '试卷已创建，接下来组卷' },
    );
    if (saved) props.onSaved(saved);
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish} style={{ maxWidth: 760 }}>
      <Form.Item
        name="examName"
        label="试卷名称"
        rules={[{ required: true, whitespace: true, message: '请填写试卷名称' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="subjectId" label="科目">
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder="选择科目"
            options={categoryOptions(categories.subjectList, paper?.subjectId, paper?.subjectName)}
          />
        </Form.Item>
        <Form.Item name="yearId" label="年份">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder="选择年份"
            options={categoryOptions(categories.yearList, paper?.yearId, paper?.yearName)}
          />
        </Form.Item>
      </Space>
      <Form.Item name="description" label="试卷说明">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="answerTime" label="答题时长" rules={[{ required: true, message: '请填写答题时长' }]}>
          <InputNumber min={1} max={600} precision={0} suffix="分钟" />
        </Form.Item>
        <Form.Item name="passScore" label="及格分" rules={[{ required: true, message: '请填写及格分' }]}>
          <InputNumber min={0} precision={0} suffix="分" />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item name="isFree" label="价格">
          <Radio.Group
            options={[
              { value: 1, label: '免费' },
              { value: 0, label: '付费' },
            ]}
          />
        </Form.Item>
        {isFree === 0 ? (
          <Form.Item
            name="price"
            label="售价"
            rules={[{ required: true, type: 'number', min: 0.01, message: '付费试卷的售价要大于 0' }]}
          >
            <InputNumber min={0} max={100000} precision={2} suffix="元" />
          </Form.Item>
        ) : null}
      </Space>
      <Space size="large" wrap>
        <Form.Item name="shuffleProblems" label="题目乱序" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="shuffleOptions" label="选项乱序" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="partialRule" label="多选少选">
        <Radio.Group
          options={[
            { value: 1, label: '得一半分' },
            { value: 0, label: '不得分' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="leaveLimit"
        label="切屏限制"
        extra="0 表示只记录离开考试页面的次数；填 n 则离开超过 n 次自动交卷"
      >
        <InputNumber min={0} max={100} precision={0} suffix="次" />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          {paper ? '保存试卷信息' : '创建试卷'}
        </Button>
      </Form.Item>
    </Form>
  );
}
