import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { sendCode } from '#contract/user.ts';
import { api, inlineMessage } from '../../api/client.ts';
import { useMinLoading } from '../../lib/min-loading.ts';

interface SmsCodeButtonProps {
  form: FormInstance;
  /** The form field holding the mobile; or `mobile` when the code goes to the account's own number. */
  mobileField?: string;
  mobile?: string;
  /** Where a refusal is shown (e.g. "请 42 秒后再试"): under this field. */
  codeField?: string;
}

/**
 * Sends an SMS code to the mobile of the form and counts down the 60 s the server asks to wait (its reply says
 * how long). The mobile is checked with the contract's own rule first, its message shown under the field.
 */
export function SmsCodeButton({ form, mobileField = 'mobile', mobile, codeField = 'code' }: SmsCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [pending, setPending] = useState(false);
  const pendingShown = useMinLoading(pending);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  async function send() {
    const value = mobile ?? String(form.getFieldValue(mobileField) ?? '');
    const checked = sendCode.body.safeParse({ mobile: value });
    if (!checked.success) {
      form.setFields([{ name: mobileField, errors: [checked.error.issues[0]?.message ?? '请填写正确的 11 位手机号'] }]);
      return;
    }
    setPending(true);
    try {
      const r = await api(sendCode, checked.data);
      setLeft(r.intervalSeconds);
      form.setFields([{ name: codeField, errors: [] }]);
    } catch (err) {
      const msg = inlineMessage(err, '验证码发送失败，请稍后再试');
      if (msg) form.setFields([{ name: codeField, errors: [msg] }]);
    } finally {
      setPending(false);
    }
  }

  return (
    <Button onClick={() => void send()} loading={pendingShown} disabled={left > 0} style={{ width: 132, flex: 'none' }}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}

/** The SMS code row of a form: the 6-digit input and the send button, errors under both. */
export function SmsCodeItem(props: SmsCodeButtonProps & { label?: string }) {
  const codeField = props.codeField ?? 'code';
  return (
    <Form.Item label={props.label ?? '短信验证码'} required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={codeField} noStyle>
          <Input
            placeholder="6 位数字验证码"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label="短信验证码"
          />
        </Form.Item>
        <SmsCodeButton {...props} />
      </div>
    </Form.Item>
  );
}
