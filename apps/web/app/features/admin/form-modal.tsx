import { Alert, Button, Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { CallDef } from '#contract/call.ts';
import { api } from '../../api/client.ts';
import { checkWithSchema } from './schema-check.ts';
import { useAdminAction } from './use-admin-action.ts';

type Values = Record<string, unknown>;

export interface FormModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** The call the form sends; its contract schema checks the body first, so mistakes show under their fields. */
  call: CallDef;
  /** Form values → call body, e.g. adding the row id or turning a dayjs into the contract's time text. */
  toBody?: (values: Values) => Values;
  initialValues?: Values;
  /** Pass a form made with Form.useForm when the fields must watch each other (Form.useWatch). */
  form?: FormInstance;
  success?: string;
  okText?: string;
  width?: number;
  /** Only shows what is there (e.g. an application already audited): the footer has just 关闭. */
  readOnly?: boolean;
  children: ReactNode;
}

/**
 * A modal form for one admin call: check against the contract, send, show the server's message inline and as a
 * toast, then close and reload the page's data. Every admin list opens its edits through this one.
 */
export function FormModal(props: FormModalProps) {
  const { title, open, onClose, call, toBody, initialValues, children } = props;
  const { form: given, success = '已保存', okText = '保存', width = 640, readOnly = false } = props;
  const [own] = Form.useForm();
  const form = given ?? own;
  const { run, pending, error, setError } = useAdminAction();
  const revalidator = useRevalidator();

  async function submit() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = toBody ? toBody(values as Values) : (values as Values);
    const checked = checkWithSchema(form, call.body, body);
    if (!checked.ok) return setError(checked.msg);
    if ((await run(() => api(call, body), success)) === undefined) return;
    onClose();
    await revalidator.revalidate();
  }

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText={okText}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      footer={readOnly ? <Button onClick={onClose}>关闭</Button> : undefined}
      afterOpenChange={(visible) => visible || setError(null)}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={() => error && setError(null)}>
        {children}
      </Form>
    </Modal>
  );
}
