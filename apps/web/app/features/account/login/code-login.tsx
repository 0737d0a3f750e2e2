import { Alert, Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { loginCode } from '#contract/user.ts';
import { api } from '../../../api/client.ts';
import { checkWithSchema } from '../../admin/schema-check.ts';
import { goAfterLogin } from '../after-login.ts';
import { SmsCodeItem } from '../sms-code-button.tsx';
import { useAction } from '../use-action.ts';
import { fieldsChanged } from '../fields-changed.ts';

interface Values {
  mobile: string;
  code: string;
}

/** Mobile and an SMS code (for people who forgot their password, or never set one through WeChat). */
export function CodeLogin() {
  const [form] = Form.useForm<Values>();
  const { run, pending, error, setError } = useAction();

  async function submit(values: Values) {
    const checked = checkWithSchema(form, loginCode.body, { ...values, clientType: 1 });
    if (!checked.ok) return;
    if (await run(() => api(loginCode, checked.data))) goAfterLogin();
  }

  return (
    <Form<Values>
      form={form}
      size="large"
      onFinish={(v) => void submit(v)}
      onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
    >
      <Form.Item name="mobile">
        <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} autoComplete="tel" aria-label="手机号" />
      </Form.Item>
      <SmsCodeItem form={form} label="" />
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={pending}>
        登录
      </Button>
    </Form>
  );
}
