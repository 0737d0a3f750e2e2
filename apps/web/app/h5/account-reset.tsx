import { useState, type FormEvent } from 'react';
import { extView, updatePassword } from '#contract/user.ts';
import type { Route } from './+types/account-reset.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useAction } from '../features/account/use-action.ts';
import { loginUrl } from '../lib/session.ts';
import { pageLoad } from '../lib/session-load.ts';
import { checkBody, CodeField, Field, FormSubmit, NewPasswordFields, valuesOf, type Errors } from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';

export async function loader(args: Route.LoaderArgs) {
  const user = await pageLoad(args, extView);
  return { mobile: user.mobile };
}

/**
 * /h5/account/reset — a new password, proven by an SMS code sent to the account's own mobile; the server ends
 * every session of the account, this one too, so the person signs in again with it.
 */
export default function H5AccountReset({ loaderData }: Route.ComponentProps) {
  const { mobile } = loaderData;
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending, error } = useAction();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = valuesOf(e.currentTarget);
    const checked = checkBody(updatePassword.body, { mobile, code: v.code, password: v.password });
    const next: Errors = checked.ok ? {} : { ...checked.errors };
    if (!next.password && v.confirm !== v.password)
      next.confirm = v.confirm ? '两次输入的密码不一致' : '请再次输入新密码';
    setErrors(next);
    if (!checked.ok || Object.keys(next).length > 0) return;
    if ((await run(() => api(updatePassword, checked.data, { toast: false }))) !== undefined)
      window.location.assign(loginUrl('/h5/account/info', 'password'));
  }
  const setError = (field: string, msg: string) => setErrors((old) => ({ ...old, [field]: msg }));

  return (
    <>
      <PageMeta title="修改密码" />
      <H5Header title="修改密码" />
      <h1 className="h5-visually-hidden">修改密码</h1>
      <div className="h5-form-page">
        <form className="h5-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field name="mobile" label="手机号" value={`${mobile.slice(0, 3)}****${mobile.slice(-4)}`} disabled />
          <CodeField mobile={mobile} error={errors.code} setError={setError} />
          <NewPasswordFields errors={errors} />
          <FormSubmit error={error} pending={pending} label="确认修改" pendingLabel="提交中…" />
        </form>
      </div>
    </>
  );
}
