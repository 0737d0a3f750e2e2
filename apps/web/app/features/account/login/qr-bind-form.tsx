import { Alert, Button, Form, Input } from 'antd';
import { registerByQrcode } from '#contract/qr-login.ts';
import { api } from '../../../api/client.ts';
import { storedReferral } from '../../../lib/client-behaviour.ts';
import { checkWithSchema } from '../../admin/schema-check.ts';
import { goAfterLogin } from '../after-login.ts';
import { SmsCodeItem } from '../sms-code-button.tsx';
import { useAction } from '../use-action.ts';
import { fieldsChanged } from '../fields-changed.ts';

interface Values {
  mobile: string;
  code: string;
  password?: string;
  nickname?: string;
}

/**
 * The WeChat account is new here: prove a mobile by SMS code. A registered mobile gets WeChat bound and logs
 * in; a new one is registered, optionally with a password for logging in without WeChat.
 */
export function QrBindForm({ sceneId, onExpired }: { sceneId: string; onExpired: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run, pending, error, setError } = useAction();

  async function submit(values: Values) {
    const body = {
      sceneId,
      mobile: values.mobile,
      code: values.code,
      password: values.password || undefined,
      nickname: values.nickname?.trim() || undefined,
      referralCode: storedReferral() ?? undefined,
      clientType: 1,
    };
    const checked = checkWithSchema(form, registerByQrcode.body, body);
    if (!checked.ok) return;
    if (await run(() => api(registerByQrcode, checked.data))) goAfterLogin();
  }

  return (
    <div className="qk-qr-bind">
      <Alert
        type="success"
        showIcon
        title="微信已确认，请绑定手机号完成登录"
        description="已注册的手机号将绑定此微信；新手机号将同时注册账号。"
        className="qk-form-alert"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
      >
        <Form.Item name="mobile" label="手机号" required>
          <Input placeholder="11 位手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <SmsCodeItem form={form} />
        <Form.Item name="password" label="登录密码（选填）" extra="新注册时可设置，之后也能用手机号和密码登录">
          <Input.Password placeholder="至少 8 位，含字母和数字" maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="nickname" label="昵称（选填）">
          <Input maxLength={20} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
        <Button type="primary" htmlType="submit" block loading={pending}>
          绑定并登录
        </Button>
        <Button type="link" block onClick={onExpired}>
          重新扫码
        </Button>
      </Form>
    </div>
  );
}
