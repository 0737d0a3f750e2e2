import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useAction } from '../account/use-action.ts';

export interface ItemValues {
  name: string;
  desc: string;
  isFree: boolean;
}

export interface ItemModalState {
  /** 章节 or a lesson's name (课时, 资料, 文档) */
  noun: string;
  initial: ItemValues | null;
  /** Saves; a refusal stays in the dialog. */
  save: (v: { name: string; desc: string; isFree: 0 | 1 }) => Promise<unknown>;
}

/** Adds or renames a chapter or a lesson: its name, a short description and whether it is free to try. */
export function ItemModal({ state, onClose }: { state: ItemModalState | null; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<ItemValues>();
  const { run, pending, error, setError } = useAction();
  const noun = state?.noun ?? '';
  async function ok() {
    const v = await form.validateFields().catch(() => null);
    if (!v || !state) return;
    const done = await run(
      () => state.save({ name: v.name.trim(), desc: (v.desc ?? '').trim(), isFree: v.isFree ? 1 : 0 }),
      { success: state.initial ? '已保存' : `已添加${noun}` },
    );
    if (done !== undefined) onClose(true);
  }
  return (
    <Modal
      open={state !== null}
      title={state?.initial ? `修改${noun}` : `添加${noun}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void ok()}
      onCancel={() => onClose(false)}
      afterClose={() => setError(null)}
      destroyOnHidden
    >
      <Form<ItemValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={state?.initial ?? { name: '', desc: '', isFree: false }}
        onValuesChange={() => setError(null)}
      >
        <Form.Item
          name="name"
          label={`${noun}名称`}
          rules={[{ required: true, whitespace: true, message: `请填写${noun}名称` }]}
        >
          <Input maxLength={100} autoFocus onPressEnter={() => void ok()} />
        </Form.Item>
        <Form.Item name="desc" label="简介">
          <Input.TextArea rows={2} maxLength={500} placeholder="可不填" />
        </Form.Item>
        <Form.Item
          name="isFree"
          label={noun === '章节' ? '整章免费试看' : '免费试看'}
          valuePropName="checked"
          extra="收费课程中，免费的内容不购买也能学习"
        >
          <Switch />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
