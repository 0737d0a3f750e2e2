import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import { register } from '#contract/user.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { checkWithSchema } from '../features/admin/schema-check.ts';
import { AgreementLink } from '../features/account/agreement-link.tsx';
import { goAfterLogin } from '../features/account/after-login.ts';
import { SmsCodeItem } from '../features/account/sms-code-button.tsx';
import { useAction } from '../features/account/use-action.ts';
import { storedReferral } from '../lib/client-behaviour.ts';
import { fieldsChanged } from '../features/account/fields-changed.ts';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  nickname?: string;
  agree: boolean;
}

/** /register — mobile proven by SMS code, a password typed twice, an optional nickname; the referral code kept. */
export default function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const { run, pending, error, setError } = useAction();

  async function submit(values: Values) {
    const body = {
      mobile: values.mobile,
      code: values.code,
      password: values.password,
      nickname: values.nickname?.trim() || undefined,
      referralCode: storedReferral() ?? undefined,
      clientType: 1,
    };
    const checked = checkWithSchema(form, register.body, body);
    const mismatch = values.confirm !== values.password;
    if (mismatch)
      form.setFields([{ name: 'confirm', errors: [values.confirm ? '两次输入的密码不一致' : '请再次输入密码'] }]);
    if (!values.agree) form.setFields([{ name: 'agree', errors: ['请阅读并同意用户协议'] }]);
    if (!checked.ok || mismatch || !values.agree) return;
    if (await run(() => api(register, checked.data))) goAfterLogin();
  }

  return (
    <div className="qk-login__card qk-login__card--form">
      <PageMeta title="注册" />
      <h1>注册账号</h1>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
        initialValues={{ agree: false }}
      >
        <Form.Item name="mobile" label="手机号" required>
          <Input placeholder="11 位手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <SmsCodeItem form={form} />
        <Form.Item name="password" label="密码" required extra="至少 8 位，且须同时包含字母和数字">
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label="确认密码" required>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="nickname" label="昵称（选填）">
          <Input maxLength={20} placeholder="不填则显示手机号" />
        </Form.Item>
        <Form.Item name="agree" valuePropName="checked">
          <Checkbox>
            我已阅读并同意 <AgreementLink />
          </Checkbox>
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
        <Button type="primary" htmlType="submit" block size="large" loading={pending}>
          注册
        </Button>
      </Form>
      <div className="qk-login__links">
        <span />
        <span>
          已有账号？
          <Link
            to={`/login?t=login${params.get('redirect') ? `&redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`}
          >
            立即登录
          </Link>
        </span>
      </div>
    </div>
  );
}
