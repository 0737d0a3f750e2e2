import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { captchaImage, loginPassword } from '#contract/user.ts';
import { api, ApiError, inlineMessage } from '../../../api/client.ts';
import { checkWithSchema } from '../../admin/schema-check.ts';
import { goAfterLogin } from '../after-login.ts';
import { fieldsChanged } from '../fields-changed.ts';
import { CaptchaInput } from './captcha-input.tsx';

interface Values {
  mobile: string;
  password: string;
  verCode?: string;
}

const needsCaptcha = (err: unknown) =>
  err instanceof ApiError && (err.data as { needCaptcha?: boolean } | null)?.needCaptcha === true;

/** Mobile and password; after repeated failures the server asks for an image captcha, shown here (click to change). */
export function PasswordLogin() {
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<{ verToken: string; img: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function refreshCaptcha() {
    form.setFieldValue('verCode', '');
    setCaptcha(await api(captchaImage).catch(() => null));
  }

  async function submit(values: Values) {
    setError(null);
    if (captcha && !values.verCode?.trim()) {
      form.setFields([{ name: 'verCode', errors: ['请输入图形验证码'] }]);
      return;
    }
    const body = { ...values, clientType: 1, verToken: captcha?.verToken };
    const checked = checkWithSchema(form, loginPassword.body, body);
    if (!checked.ok) return;
    setPending(true);
    try {
      await api(loginPassword, checked.data);
      goAfterLogin();
    } catch (err) {
      setError(inlineMessage(err, '登录失败，请稍后再试'));
      // each captcha allows one guess: a refused attempt needs a fresh image
      if (needsCaptcha(err) || captcha) await refreshCaptcha();
      setPending(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      size="large"
      onFinish={(v) => void submit(v)}
      onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
      autoComplete="on"
    >
      <Form.Item name="mobile">
        <Input
          prefix={<MobileOutlined />}
          placeholder="手机号"
          maxLength={11}
          autoComplete="username"
          aria-label="手机号"
        />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          maxLength={64}
          autoComplete="current-password"
          aria-label="密码"
        />
      </Form.Item>
      {captcha ? (
        <Form.Item>
          <CaptchaInput img={captcha.img} placeholder="图形验证码" onRefresh={() => void refreshCaptcha()} />
        </Form.Item>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={pending}>
        登录
      </Button>
    </Form>
  );
}
