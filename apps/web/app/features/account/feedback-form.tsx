import { Alert, Button, Form, Input, Radio } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useRevalidator } from 'react-router';
import { FEEDBACK_TYPES, feedbackSave } from '#contract/feedback.ts';
import { api } from '../../api/client.ts';

import { checkWithSchema } from '../admin/schema-check.ts';
import { IMAGE_ACCEPT, MAX_FEEDBACK_IMAGES, useImageAdder } from './image-adder.ts';
import { useAction } from './use-action.ts';
import { fieldsChanged } from './fields-changed.ts';
import { useMinLoading } from '../../lib/min-loading.ts';

/** Up to four screenshots: thumbnails with remove buttons and an add tile. */
function ImageList({ value = [], onChange }: { value?: string[]; onChange?: (urls: string[]) => void }) {
  const { input, pending, pick, onFile, remove } = useImageAdder(value, (urls) => onChange?.(urls));
  const pendingShown = useMinLoading(pending);

  return (
    <div className="qk-image-list">
      {value.map((url) => (
        <div key={url} className="qk-image-list__item">
          <img src={url} alt="反馈截图" />
          <button type="button" aria-label="移除图片" onClick={() => remove(url)}>
            <CloseOutlined />
          </button>
        </div>
      ))}
      {value.length < MAX_FEEDBACK_IMAGES ? (
        <button type="button" className="qk-image-list__add" disabled={pending} onClick={pick}>
          <PlusOutlined />
          <span>{pendingShown ? '上传中…' : '添加截图'}</span>
        </button>
      ) : null}
      <input ref={input} type="file" hidden accept={IMAGE_ACCEPT} aria-label="添加截图" onChange={onFile} />
    </div>
  );
}

interface Values {
  feedbackType: number;
  content: string;
  contact?: string;
  imgUrls: string[];
}

export function FeedbackForm() {
  const [form] = Form.useForm<Values>();
  const revalidator = useRevalidator();
  const { run, pending, error, setError } = useAction();

  async function submit(values: Values) {
    const checked = checkWithSchema(form, feedbackSave.body, values);
    if (!checked.ok) return;
    if ((await run(() => api(feedbackSave, checked.data), { success: '感谢反馈，我们会尽快处理' })) === undefined)
      return;
    form.resetFields();
    await revalidator.revalidate();
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ feedbackType: 1, imgUrls: [] }}
      onFinish={(v) => void submit(v)}
      onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
    >
      <Form.Item name="feedbackType" label="反馈类型" required>
        <Radio.Group options={FEEDBACK_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
      </Form.Item>
      <Form.Item name="content" label="反馈内容" required>
        <Input.TextArea rows={5} maxLength={1000} showCount placeholder="请描述您的建议或遇到的问题（至少 5 个字）" />
      </Form.Item>
      <Form.Item name="imgUrls" label={`截图（选填，最多 ${MAX_FEEDBACK_IMAGES} 张）`}>
        <ImageList />
      </Form.Item>
      <Form.Item name="contact" label="联系方式（选填）">
        <Input maxLength={50} placeholder="手机号、邮箱或微信，方便我们联系您" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      <Button type="primary" htmlType="submit" loading={pending} className="qk-submit">
        提交反馈
      </Button>
    </Form>
  );
}
