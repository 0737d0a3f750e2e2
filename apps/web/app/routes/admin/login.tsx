import { useState } from 'react';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { adminInfoView, adminLogin } from '#contract/admin.ts';
import { captchaImage } from '#contract/user.ts';
import { api, ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import { safeAdminTarget } from '../../features/admin/admin-loader.ts';
import { checkWithSchema } from '../../features/admin/schema-check.ts';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import { CaptchaInput } from '../../features/account/login/captcha-input.tsx';
import type { Route } from './+types/login.ts';

export const meta: Route.MetaFunction = () => [{ title: '管理员登录 · 青课' }, { name: 'robots', content: 'noindex' }];

/** Someone whose admin session is still good has nothing to do here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await callWith(context.get(serverContext).transport, adminInfoView).then(
    () => true,
    () => false,
  );
  if (signedIn) throw redirect(safeAdminTarget(new URL(request.url).searchParams.get('redirect')));
  return null;
}

interface Values {
  loginName: string;
  password: string;
  verCode?: string;
}

const needsCaptcha = (err: unknown) =>
  err instanceof ApiError && (err.data as { needCaptcha?: boolean } | null)?.needCaptcha === true;

/** Name and password; after repeated failures the server asks for an image captcha, shown here (click to change). */
function LoginCard() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { run, pending, error, setError } = useAdminAction();
  const [captcha, setCaptcha] = useState<{ verToken: string; img: string } | null>(null);

  async function refreshCaptcha() {
    form.setFieldValue('verCode', '');
    setCaptcha(await api(captchaImage).catch(() => null));
  }

  async function login(values: Values) {
    if (captcha && !values.verCode?.trim()) {
      form.setFields([{ name: 'verCode', errors: ['请输入图形验证码'] }]);
      return;
    }
    const body = { ...values, verToken: captcha?.verToken };
    const checked = checkWithSchema(form, adminLogin.body, body);
    if (!checked.ok) return setError(checked.msg);
    let asked = false;
    const result = await run(() =>
      api(adminLogin, checked.data).catch((err: unknown) => {
        asked = needsCaptcha(err);
        throw err;
      }),
    );
    if (result) return navigate(safeAdminTarget(params.get('redirect')), { replace: true });
    // each captcha allows one guess: a refused attempt needs a fresh image
    if (asked || captcha) await refreshCaptcha();
  }

  return (
    <Card style={{ width: 400, boxShadow: '0 8px 24px rgba(0,0,0,0.08)' }} styles={{ body: { padding: '32px 36px' } }}>
      <h1 style={{ fontSize: 22, fontWeight: 600, margin: '0 0 4px', textAlign: 'center' }}>青课管理后台</h1>
      <p style={{ color: '#888', textAlign: 'center', margin: '0 0 28px' }}>平台管理员登录</p>
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        onFinish={(v) => void login(v)}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item name="loginName" label="账号" rules={[{ required: true, message: '请填写账号' }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={50} />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请填写密码' }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={100} />
        </Form.Item>
        {captcha ? (
          <Form.Item label="图形验证码" required>
            <CaptchaInput img={captcha.img} onRefresh={() => void refreshCaptcha()} />
          </Form.Item>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" block loading={pending}>
          登录
        </Button>
      </Form>
    </Card>
  );
}

export default function AdminLogin() {
  return (
    <App>
      <main
        style={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'linear-gradient(135deg, #e6f4f4 0%, #f5f5f5 100%)',
        }}
      >
        <LoginCard />
      </main>
    </App>
  );
}
