import { Alert, Button, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { MAX_QUESTION_LABELS, questionSave, questionUpdate } from '#contract/community-question.ts';
import type { Route } from './+types/write.ts';
import { api } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { useAction } from '../../features/account/use-action.ts';
import { BodyField } from '../../features/community/body-field.tsx';
import { loadQuestionToWrite } from '../../features/community/question-load.ts';
import 'virtual:antd-all.css';
import '../../features/community/question.css';

export function loader(args: Route.LoaderArgs) {
  return loadQuestionToWrite(args);
}

interface Values {
  title: string;
  labelIds: string[];
  content: string;
}

/** /question/account/write — ask a question (or edit one's own, ?id=): title, up to three labels, the details. */
export default function QuestionWrite({ loaderData }: Route.ComponentProps) {
  const { labels, editing } = loaderData;
  const navigate = useNavigate();
  const { run, pending, error } = useAction();
  const heading = editing ? '编辑问题' : '提问';

  async function submit(v: Values) {
    const body = { title: v.title, labelIds: v.labelIds ?? [], content: v.content ?? '' };
    const saved = await run(
      () => (editing ? api(questionUpdate, { ...body, id: editing.id }) : api(questionSave, body)),
      { success: editing ? '问题已修改' : '问题已发布' },
    );
    if (saved) await navigate(`/question/view/${saved.id}`);
  }

  return (
    <div className="qk-q-write">
      <PageMeta title={heading} />
      <div className="qk-q-write__head">
        <h1>{heading}</h1>
        <Link to="/question">返回问答</Link>
      </div>
      <Form<Values>
        layout="vertical"
        onFinish={submit}
        initialValues={{
          title: editing?.title ?? '',
          labelIds: editing?.labelIds ?? [],
          content: editing?.content ?? '',
        }}
      >
        <Form.Item
          name="title"
          label="问题标题"
          rules={[
            { required: true, whitespace: true, message: '请填写问题标题' },
            { min: 5, message: '问题标题至少 5 个字，请把问题说清楚' },
          ]}
        >
          <Input maxLength={100} showCount placeholder="一句话说清你的问题，例如：MySQL 联合索引为什么没有生效？" />
        </Form.Item>
        <Form.Item
          name="labelIds"
          label="标签"
          extra={`最多选 ${MAX_QUESTION_LABELS} 个，方便懂行的人找到你的问题`}
          rules={[{ type: 'array', max: MAX_QUESTION_LABELS, message: `最多选择 ${MAX_QUESTION_LABELS} 个标签` }]}
        >
          <Select
            mode="multiple"
            aria-label="问题标签"
            placeholder="选择标签"
            maxCount={MAX_QUESTION_LABELS}
            options={labels.map((l) => ({ value: l.id, label: l.labelName }))}
          />
        </Form.Item>
        <Form.Item name="content" label="问题描述">
          <BodyField placeholder="补充背景、你尝试过的办法和报错信息（选填）" aria-label="问题描述" minHeight={240} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
        <Button type="primary" htmlType="submit" size="large" loading={pending}>
          {editing ? '保存修改' : '发布问题'}
        </Button>
      </Form>
    </div>
  );
}
