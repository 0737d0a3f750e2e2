import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { accountUpdate, type TBankAccount } from '#contract/account.ts';
import { api } from '../api/client.ts';
import { BankFacts, NO_BANK_CARD } from '../features/account/bank-facts.tsx';
import { useAction } from '../features/account/use-action.ts';
import { checkBody, CodeField, codeGoesTo, Field, FormSubmit, valuesOf, type Errors } from './form-parts.tsx';

/**
 * The payout card on a phone: shown masked, bound or changed with an SMS code sent to the account's own mobile
 * (decision 12), so a stolen session can neither read nor redirect payouts.
 */
export function H5BankCard({ bank, mobile }: { bank: TBankAccount | null; mobile: string }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending, error } = useAction();
  const setError = (field: string, msg: string) => setErrors((old) => ({ ...old, [field]: msg }));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkBody(accountUpdate.body, valuesOf(e.currentTarget));
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    if ((await run(() => api(accountUpdate, checked.data), { success: '银行卡已保存' })) === undefined) return;
    setEditing(false);
    await revalidator.revalidate();
  }

  return (
    <section className="h5-section" aria-labelledby="bank-title">
      <div className="h5-section__head">
        <h2 className="h5-section__title" id="bank-title">
          银行卡
        </h2>
        {!editing ? (
          <button type="button" className="h5-button h5-money__edit" onClick={() => setEditing(true)}>
            {bank ? '修改银行卡' : '绑定银行卡'}
          </button>
        ) : null}
      </div>
      {bank ? (
        <BankFacts bank={bank} className="h5-facts h5-money__card" />
      ) : (
        <p className="h5-muted h5-money__lead">{NO_BANK_CARD}</p>
      )}
      {editing ? (
        <form onSubmit={(e) => void submit(e)} aria-label={bank ? '修改银行卡' : '绑定银行卡'} noValidate>
          <Field
            name="bankUserName"
            label="持卡人姓名"
            maxLength={30}
            autoComplete="name"
            error={errors.bankUserName}
          />
          <Field name="bankIdCardNo" label="持卡人身份证号" maxLength={18} error={errors.bankIdCardNo} />
          <Field
            name="bankCardNo"
            label="银行卡号"
            inputMode="numeric"
            maxLength={23}
            autoComplete="cc-number"
            error={errors.bankCardNo}
          />
          <Field name="bankName" label="开户银行" maxLength={50} placeholder="如：招商银行" error={errors.bankName} />
          <Field name="bankBranchName" label="开户支行（选填）" maxLength={100} error={errors.bankBranchName} />
          <CodeField id="card-code" mobile={mobile} error={errors.code} setError={setError} hint={codeGoesTo(mobile)} />
          <FormSubmit error={error} pending={pending} label="保存银行卡" pendingLabel="保存中…" />
          <button type="button" className="h5-button h5-button--block" onClick={() => setEditing(false)}>
            取消
          </button>
        </form>
      ) : null}
    </section>
  );
}
