import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { extractLogSave, type TAccountBalance } from '#contract/account-ledger.ts';
import { fenToYuan } from '#contract/money.ts';
import { api } from '../api/client.ts';
import { useAction } from '../features/account/use-action.ts';
import { money } from '../features/order/order-format.ts';
import { checkWithdrawal, withdrawBlocked } from '../features/order/withdraw-check.ts';
import { CodeField, codeGoesTo, Field, FormSubmit, valuesOf, type Errors } from './form-parts.tsx';

/**
 * 申请提现 on a phone: an amount in yuan (全部提现 fills in all that may be withdrawn) and an SMS code sent to the
 * account's own mobile, checked by the contract's rules before anything is sent. The card's section stands above
 * this one while no card is bound.
 */
export function H5WithdrawForm({ balance, mobile }: { balance: TAccountBalance; mobile: string }) {
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending, error } = useAction();
  const blocked = withdrawBlocked(balance, '上方');
  const setError = (field: string, msg: string) => setErrors((old) => ({ ...old, [field]: msg }));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkWithdrawal(balance, amount, valuesOf(form).code ?? '');
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    if ((await run(() => api(extractLogSave, checked.data), { success: '提现申请已提交，等待审核' })) === undefined)
      return;
    setAmount('');
    form.reset();
    await revalidator.revalidate();
  }

  return (
    <section className="h5-section" aria-labelledby="withdraw-title">
      <h2 className="h5-section__title" id="withdraw-title">
        申请提现
      </h2>
      <p className="h5-muted h5-money__lead">
        可提现 <strong data-testid="withdraw-available">{money(balance.availableAmount)}</strong>，单笔最低{' '}
        {money(balance.minExtractAmount)}
      </p>
      {blocked ? (
        <p className="h5-notice h5-money__lead" role="status">
          {blocked}
        </p>
      ) : null}
      <form onSubmit={(e) => void submit(e)} aria-labelledby="withdraw-title" noValidate>
        <fieldset className="h5-money__fieldset" disabled={Boolean(blocked)}>
          <Field
            name="amount"
            label="提现金额（元）"
            inputMode="decimal"
            maxLength={12}
            placeholder={`最低 ${fenToYuan(balance.minExtractAmount)}`}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError('amount', '');
            }}
            error={errors.amount}
            side={
              <button
                type="button"
                className="h5-field__side"
                onClick={() => setAmount(fenToYuan(Math.max(0, balance.availableAmount)))}
              >
                全部提现
              </button>
            }
          />
          <CodeField
            id="withdraw-code"
            mobile={mobile}
            error={errors.code}
            setError={setError}
            hint={codeGoesTo(mobile)}
          />
          <FormSubmit error={error} pending={pending} label="提交申请" pendingLabel="提交中…" />
        </fieldset>
      </form>
    </section>
  );
}
