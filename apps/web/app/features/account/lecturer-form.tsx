import { Alert, Button, Form, Input } from 'antd';
import type { z } from 'zod';
import { LecturerFields } from '#contract/lecturer.ts';
import { checkWithSchema } from '../admin/schema-check.ts';
import { ImageUpload } from './image-upload.tsx';
import { useAction } from './use-action.ts';
import { fieldsChanged } from './fields-changed.ts';

export type LecturerValues = z.input<typeof LecturerFields>;

interface LecturerFormProps {
  initial?: Partial<LecturerValues>;
  submitText: string;
  /** The call that takes the fields: audit/apply for a first application, audit/update afterwards. */
  onSubmit: (values: z.output<typeof LecturerFields>) => Promise<unknown>;
  success: string;
  onDone: () => void;
}

/** The lecturer profile as applied for and later edited; both go to the administrator for approval. */
export function LecturerForm({ initial, submitText, onSubmit, success, onDone }: LecturerFormProps) {
  const [form] = Form.useForm<LecturerValues>();
  const { run, pending, error, setError } = useAction();

  async function submit(values: LecturerValues) {
    const checked = checkWithSchema(form, LecturerFields, { ...values, headImgUrl: values.headImgUrl ?? '' });
    if (!checked.ok) return;
    if ((await run(() => onSubmit(checked.data), { success })) !== undefined) onDone();
  }

  return (
    <Form<LecturerValues>
      form={form}
      layout="vertical"
      className="qk-lecturer-form"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
    >
      <Form.Item name="lecturerName" label="讲师名称" required extra="展示在讲师主页和课程页上的名字">
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="position" label="讲师职位" required>
        <Input maxLength={50} placeholder="如：高级前端工程师、副教授" />
      </Form.Item>
      <Form.Item name="headImgUrl" label="讲师头像">
        <ImageUpload round label="上传头像" />
      </Form.Item>
      <Form.Item name="lecturerMobile" label="联系手机（选填）" extra="不填则使用账号手机号；仅平台审核时可见">
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="lecturerEmail" label="联系邮箱（选填）">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="introduce" label="讲师简介" required>
        <Input.TextArea
          rows={5}
          maxLength={2000}
          showCount
          placeholder="至少 10 个字：教学经历、擅长领域、代表作品等"
        />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      <Button type="primary" htmlType="submit" loading={pending} className="qk-submit">
        {submitText}
      </Button>
    </Form>
  );
}
