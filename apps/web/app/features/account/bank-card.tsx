import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useRevalidator } from 'react-router';
import { accountUpdate, type TBankAccount } from '#contract/account.ts';
import { api } from '../../api/client.ts';
import { checkWithSchema } from '../admin/schema-check.ts';
import { BankFacts, NO_BANK_CARD } from './bank-facts.tsx';
import { SmsCodeItem } from './sms-code-button.tsx';
import { useAction } from './use-action.ts';
import { fieldsChanged } from './fields-changed.ts';

interface Values {
  bankCardNo: string;
  bankName: string;
  bankBranchName?: string;
  bankUserName: string;
  bankIdCardNo: string;
  code: string;
}

/**
 * The payout bank card: shown masked, bound or changed with an SMS code sent to the account's own mobile
 * (decision 0012), so a stolen session can neither read nor redirect payouts.
 */
export function BankCard({ bank, mobile }: { bank: TBankAccount | null; mobile: string }) {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const revalidator = useRevalidator();
  const { run, pending, error, setError } = useAction();

  async function submit(values: Values) {
    const checked = checkWithSchema(form, accountUpdate.body, values);
    if (!checked.ok) return;
    if ((await run(() => api(accountUpdate, checked.data), { success: '银行卡已保存' })) === undefined) return;
    setEditing(false);
    form.resetFields();
    await revalidator.revalidate();
  }

  return (
    <section className="qk-card">
      <h2 className="qk-card__title">
        银行卡
        {!editing ? (
          <Button size="small" onClick={() => setEditing(true)}>
            {bank ? '修改银行卡' : '绑定银行卡'}
          </Button>
        ) : null}
      </h2>
      {bank ? <BankFacts bank={bank} className="qk-facts" /> : <p className="qk-muted">{NO_BANK_CARD}</p>}
      {editing ? (
        <Form<Values>
          form={form}
          layout="vertical"
          className="qk-narrow-form"
          onFinish={(v) => void submit(v)}
          onValuesChange={(changed) => fieldsChanged(form, changed, setError)}
        >
          <Form.Item name="bankUserName" label="持卡人姓名" required>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="bankIdCardNo" label="持卡人身份证号" required>
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="bankCardNo" label="银行卡号" required>
            <Input maxLength={23} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="bankName" label="开户银行" required>
            <Input maxLength={50} placeholder="如：招商银行" />
          </Form.Item>
          <Form.Item name="bankBranchName" label="开户支行（选填）">
            <Input maxLength={100} />
          </Form.Item>
          <SmsCodeItem
            form={form}
            mobile={mobile}
            label={`短信验证码（发送至 ${mobile.slice(0, 3)}****${mobile.slice(-4)}）`}
          />
          {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
          <div className="qk-form-actions">
            <Button type="primary" htmlType="submit" loading={pending}>
              保存
            </Button>
            <Button onClick={() => setEditing(false)}>取消</Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
