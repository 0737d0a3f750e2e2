import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link } from '../components/link.tsx';
import { updatePassword } from '#contract/user.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { checkWithSchema } from '../features/admin/schema-check.ts';
import { SmsCodeItem } from '../features/account/sms-code-button.tsx';
import { useAction } from '../features/account/use-action.ts';
import { fieldsChanged } from '../features/account/fields-changed.ts';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** /reset — a forgotten password: the mobile, an SMS code sent to it, the new password twice. */
export default function ResetPage() {
  const [form] = Form.useForm<Values>();
  const { run, pending, error, setError } = useAction();
  const [done, setDone] = useState(false);

  async function submit(values: Values) {
    const checked = checkWithSchema(form, updatePassword.body, values);
    const mismatch = values.confirm !== values.password;
    if (mismatch)
      form.setFields([{ name: 'confirm', errors: [values.confirm ? '两次输入的密码不一致' : '请再次输入密码'] }]);
    if (!checked.ok || mismatch) return;
    if ((await run(() => api(updatePassword, checked.data))) !== undefined) setDone(true);
  }

  return (
    <div className="qk-login__card qk-login__card--form">
      <PageMeta title="找回密码" />
      {done ? (
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码登录"
          extra={
            <Link to="/login?t=login">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      ) : (
        <>
          <h1>找回密码</h1>
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={(v) => void submit(v)}
            onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
          >
            <Form.Item name="mobile" label="手机号" required>
              <Input placeholder="注册时使用的手机号" maxLength={11} autoComplete="tel" />
            </Form.Item>
            <SmsCodeItem form={form} />
            <Form.Item name="password" label="新密码" required extra="至少 8 位，且须同时包含字母和数字">
              <Input.Password maxLength={64} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="confirm" label="确认新密码" required>
              <Input.Password maxLength={64} autoComplete="new-password" />
            </Form.Item>
            {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
            <Button type="primary" htmlType="submit" block size="large" loading={pending}>
              重置密码
            </Button>
          </Form>
          <div className="qk-login__links">
            <Link to="/login?t=login">返回登录</Link>
            <Link to="/register">注册新账号</Link>
          </div>
        </>
      )}
    </div>
  );
}
