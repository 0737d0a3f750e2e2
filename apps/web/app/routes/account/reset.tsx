import { Alert, Button, Form, Input } from 'antd';
import { updatePassword } from '#contract/user.ts';
import { api } from '../../api/client.ts';
import { loginUrl } from '../../lib/session.ts';
import { Page } from '../../components/page.tsx';
import { checkWithSchema } from '../../features/admin/schema-check.ts';
import { useAccountUser } from '../../features/account/account-user.ts';
import { SmsCodeItem } from '../../features/account/sms-code-button.tsx';
import { useAction } from '../../features/account/use-action.ts';
import { fieldsChanged } from '../../features/account/fields-changed.ts';

interface Values {
  code: string;
  password: string;
  confirm: string;
}

/** /account/reset — change the password, proven by an SMS code sent to the account's own mobile; then sign in again. */
export default function AccountReset() {
  const user = useAccountUser();
  const [form] = Form.useForm<Values>();
  const { run, pending, error, setError } = useAction();

  async function submit(values: Values) {
    const checked = checkWithSchema(form, updatePassword.body, { ...values, mobile: user.mobile });
    const mismatch = values.confirm !== values.password;
    if (mismatch)
      form.setFields([{ name: 'confirm', errors: [values.confirm ? '两次输入的密码不一致' : '请再次输入新密码'] }]);
    if (!checked.ok || mismatch) return;
    // the server ends every session of the account on a password change, this one included
    if ((await run(() => api(updatePassword, checked.data))) !== undefined)
      window.location.assign(loginUrl('/account/info', 'password'));
  }

  const masked = `${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`;
  return (
    <Page title="修改密码">
      <section className="qk-card">
        <Form<Values>
          form={form}
          layout="vertical"
          className="qk-narrow-form"
          onFinish={(v) => void submit(v)}
          onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
        >
          <Form.Item label="手机号" htmlFor="account-reset-mobile">
            <Input id="account-reset-mobile" value={masked} disabled />
          </Form.Item>
          <SmsCodeItem form={form} mobile={user.mobile} />
          <Form.Item name="password" label="新密码" required extra="至少 8 位，且须同时包含字母和数字">
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label="确认新密码" required>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
          <Button type="primary" htmlType="submit" loading={pending} className="qk-submit">
            确认修改
          </Button>
        </Form>
      </section>
    </Page>
  );
}
