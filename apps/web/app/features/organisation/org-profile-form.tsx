import { Alert, Button, Form, Input } from 'antd';
import { orgProfileSave, type TOrgProfile } from '#contract/organisation.ts';
import { api } from '../../api/client.ts';
import { RichEditor } from '../../components/rich-editor/rich-editor.tsx';
import { ImageUpload } from '../account/image-upload.tsx';
import { useAction } from '../account/use-action.ts';

type Values = Omit<TOrgProfile, 'id'>;

function IntroduceField({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <RichEditor
      aria-label="机构介绍"
      value={value}
      onChange={(html) => onChange?.(html)}
      minHeight={220}
      placeholder="机构的办学理念、师资、课程特色。可以加标题、列表和图片。"
    />
  );
}

/** The school page's name, logo, one-line summary and introduction, as the organisation edits them. */
export function OrgProfileForm({ profile, onDone }: { profile: TOrgProfile; onDone: () => void }) {
  const { run, pending, error } = useAction();
  async function submit(v: Values) {
    const saved = await run(
      () =>
        api(orgProfileSave, {
          orgName: v.orgName,
          logoUrl: v.logoUrl ?? '',
          summary: v.summary ?? '',
          introduce: v.introduce ?? '',
        }),
      { success: '机构主页已更新' },
    );
    if (saved) onDone();
  }
  return (
    <Form<Values> layout="vertical" initialValues={profile} onFinish={(v) => void submit(v)}>
      <Form.Item
        name="orgName"
        label="机构名称"
        rules={[{ required: true, whitespace: true, message: '请填写机构名称' }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="logoUrl" label="机构标志">
        <ImageUpload label="上传标志" />
      </Form.Item>
      <Form.Item name="summary" label="一句话简介">
        <Input maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="introduce" label="机构介绍">
        <IntroduceField />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      <Button type="primary" htmlType="submit" loading={pending} className="qk-submit">
        保存
      </Button>
    </Form>
  );
}
