import { Alert, Button, Form, Input } from 'antd';
import { useRevalidator } from 'react-router';
import { extractLogSave, type TAccountBalance } from '#contract/account-ledger.ts';
import { fenToYuan } from '#contract/money.ts';
import { api } from '../../api/client.ts';
import { fieldsChanged } from '../account/fields-changed.ts';
import { SmsCodeItem } from '../account/sms-code-button.tsx';
import { useAction } from '../account/use-action.ts';
import { money } from './order-format.ts';
import { checkWithdrawal, withdrawBlocked } from './withdraw-check.ts';

interface Values {
  amount: string;
  code: string;
}

/**
 * Asks for a withdrawal to the bound card: an amount in yuan (at least the minimum, at most what is available)
 * and an SMS code sent to the account's own mobile. The amount moves to frozen until the administrator pays it.
 */
export function WithdrawForm({ balance, mobile }: { balance: TAccountBalance; mobile: string }) {
  const [form] = Form.useForm<Values>();
  const revalidator = useRevalidator();
  const { run, pending, error, setError } = useAction();
  const blocked = withdrawBlocked(balance, '右侧');

  async function submit(values: Values) {
    const checked = checkWithdrawal(balance, values.amount ?? '', values.code ?? '');
    if (!checked.ok) {
      form.setFields(
        Object.entries(checked.errors).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })),
      );
      return;
    }
    if ((await run(() => api(extractLogSave, checked.data), { success: '提现申请已提交，等待审核' })) === undefined)
      return;
    form.resetFields();
    await revalidator.revalidate();
  }

  return (
    <section className="qk-card">
      <h2 className="qk-card__title">申请提现</h2>
      <p className="qk-muted">
        可提现 <strong data-testid="withdraw-available">{money(balance.availableAmount)}</strong>，单笔最低{' '}
        {money(balance.minExtractAmount)}。
      </p>
      {blocked ? <Alert type="info" showIcon title={blocked} className="qk-form-alert" /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={Boolean(blocked)}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
      >
        <Form.Item label="提现金额（元）" required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="amount" noStyle>
              <Input
                prefix="¥"
                inputMode="decimal"
                placeholder={`最低 ${fenToYuan(balance.minExtractAmount)}`}
                maxLength={12}
                aria-label="提现金额"
              />
            </Form.Item>
            <Button onClick={() => form.setFieldsValue({ amount: fenToYuan(Math.max(0, balance.availableAmount)) })}>
              全部提现
            </Button>
          </div>
        </Form.Item>
        <SmsCodeItem
          form={form}
          mobile={mobile}
          label={`短信验证码（发送至 ${mobile.slice(0, 3)}****${mobile.slice(-4)}）`}
        />
        {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
        <Button type="primary" htmlType="submit" loading={pending} className="qk-submit">
          提交申请
        </Button>
      </Form>
    </section>
  );
}
