import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import { register } from '#contract/user.ts';
import type { Route } from './+types/register.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { goAfterLogin } from '../features/account/after-login.ts';
import { useAction } from '../features/account/use-action.ts';
import { storedReferral } from '../lib/client-behaviour.ts';
import { useSite } from '../lib/root-data.ts';
import {
  checkBody,
  Field,
  FormSubmit,
  MobileCodeFields,
  NewPasswordFields,
  valuesOf,
  type Errors,
} from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

/** /h5/register — a mobile proven by SMS code, a password typed twice, an optional nickname; signed in at once. */
export default function H5Register() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [errors, setErrors] = useState<Errors>({});
  const [mobile, setMobile] = useState('');
  const { run, pending, error } = useAction();
  const agreement = useSite()
    .aboutList.flatMap((g) => g.articleList)
    .find((a) => a.artTitle.includes('用户协议'));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = valuesOf(e.currentTarget);
    const checked = checkBody(register.body, {
      mobile: v.mobile,
      code: v.code,
      password: v.password,
      nickname: v.nickname?.trim() || undefined,
      referralCode: storedReferral() ?? undefined,
      clientType: 1,
    });
    const next: Errors = checked.ok ? {} : { ...checked.errors };
    if (!next.password && v.confirm !== v.password)
      next.confirm = v.confirm ? '两次输入的密码不一致' : '请再次输入密码';
    if (v.agree !== 'on') next.agree = '请阅读并同意用户协议';
    setErrors(next);
    if (!checked.ok || Object.keys(next).length > 0) return;
    if (await run(() => api(register, checked.data, { toast: false }))) goAfterLogin('/h5/');
  }
  const setError = (field: string, msg: string) => setErrors((old) => ({ ...old, [field]: msg }));

  return (
    <>
      <PageMeta title="注册" />
      <H5Header title="注册" />
      <div className="h5-form-page">
        <h1 className="h5-form-page__title">注册账号</h1>
        <form className="h5-form" onSubmit={(e) => void submit(e)} noValidate>
          <MobileCodeFields mobile={mobile} setMobile={setMobile} errors={errors} setError={setError} />
          <NewPasswordFields errors={errors} label="密码" />
          <Field
            name="nickname"
            label="昵称（选填）"
            maxLength={20}
            placeholder="不填则显示手机号"
            error={errors.nickname}
          />
          <label className={errors.agree ? 'h5-agree has-error' : 'h5-agree'}>
            <input type="checkbox" name="agree" />
            <span>
              我已阅读并同意
              {agreement ? <Link to={`/info/detail/${agreement.id}`}>《{agreement.artTitle}》</Link> : '《用户协议》'}
            </span>
          </label>
          {errors.agree ? (
            <p className="h5-field__error" role="alert">
              {errors.agree}
            </p>
          ) : null}
          <FormSubmit error={error} pending={pending} label="注册" pendingLabel="注册中…" />
        </form>
        <p className="h5-form-page__links">
          已有账号？
          <Link to={`/h5/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>立即登录</Link>
        </p>
      </div>
    </>
  );
}
