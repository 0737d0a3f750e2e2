import { useState, type FormEvent } from 'react';
import { Link } from '../components/link.tsx';
import { updatePassword } from '#contract/user.ts';
import type { Route } from './+types/reset.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useAction } from '../features/account/use-action.ts';
import { checkBody, FormSubmit, MobileCodeFields, NewPasswordFields, valuesOf, type Errors } from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

/** /h5/reset — a forgotten password on a phone: the mobile, an SMS code sent to it, the new password twice. */
export default function H5Reset() {
  const [errors, setErrors] = useState<Errors>({});
  const [mobile, setMobile] = useState('');
  const [done, setDone] = useState(false);
  const { run, pending, error } = useAction();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = valuesOf(e.currentTarget);
    const checked = checkBody(updatePassword.body, { mobile: v.mobile, code: v.code, password: v.password });
    const next: Errors = checked.ok ? {} : { ...checked.errors };
    if (!next.password && v.confirm !== v.password)
      next.confirm = v.confirm ? '两次输入的密码不一致' : '请再次输入密码';
    setErrors(next);
    if (!checked.ok || Object.keys(next).length > 0) return;
    if ((await run(() => api(updatePassword, checked.data, { toast: false }))) !== undefined) setDone(true);
  }
  const setError = (field: string, msg: string) => setErrors((old) => ({ ...old, [field]: msg }));

  return (
    <>
      <PageMeta title="找回密码" />
      <H5Header title="找回密码" />
      <div className="h5-form-page">
        {done ? (
          <div className="h5-empty" role="status">
            <h1 className="h5-form-page__title">密码已重置</h1>
            <p>请使用新密码登录</p>
            <Link className="h5-button h5-button--primary h5-button--block" to="/h5/login">
              去登录
            </Link>
          </div>
        ) : (
          <>
            <h1 className="h5-form-page__title">找回密码</h1>
            <form className="h5-form" onSubmit={(e) => void submit(e)} noValidate>
              <MobileCodeFields mobile={mobile} setMobile={setMobile} errors={errors} setError={setError} />
              <NewPasswordFields errors={errors} />
              <FormSubmit error={error} pending={pending} label="重置密码" pendingLabel="提交中…" />
            </form>
            <p className="h5-form-page__links">
              <Link to="/h5/login">返回登录</Link>
              <Link to="/h5/register">注册新账号</Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
