import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import { Tabs } from 'antd-mobile';
import { captchaImage, loginCode, loginPassword } from '#contract/user.ts';
import type { Route } from './+types/login.ts';
import { api, ApiError, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { goAfterLogin } from '../features/account/after-login.ts';
import { useAction } from '../features/account/use-action.ts';
import { checkBody, Field, FormSubmit, MobileCodeFields, valuesOf, type Errors } from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';

export function meta(_: Route.MetaArgs) {
  return [{ name: 'robots', content: 'noindex' }];
}

type Way = 'code' | 'password';

/**
 * /h5/login — by SMS code (the first tab: a phone receives it) or by password; back to the page that sent the
 * person here. The session is the PC site's own (cookie RC_WEB_TOKEN, clientType 1: decision 38).
 */
export default function H5Login() {
  const [way, setWay] = useState<Way>('code');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const elsewhere = params.get('notice') === 'elsewhere';
  return (
    <>
      <PageMeta title="登录" />
      <H5Header title="登录" />
      <div className="h5-form-page">
        <h1 className="h5-form-page__title">欢迎回来</h1>
        {elsewhere ? (
          <p className="h5-notice" role="status">
            您的账号已在其他地方登录，请重新登录
          </p>
        ) : null}
        <Tabs activeKey={way} onChange={(k) => setWay(k as Way)} className="h5-tabs">
          <Tabs.Tab title="验证码登录" key="code" />
          <Tabs.Tab title="密码登录" key="password" />
        </Tabs>
        {way === 'code' ? <CodeForm /> : <PasswordForm />}
        <p className="h5-form-page__links">
          还没有账号？
          <Link to={`/h5/register${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>立即注册</Link>
        </p>
      </div>
    </>
  );
}

function CodeForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [mobile, setMobile] = useState('');
  const { run, pending, error } = useAction();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkBody(loginCode.body, { ...valuesOf(e.currentTarget), clientType: 1 });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    if (await run(() => api(loginCode, checked.data, { toast: false }))) goAfterLogin('/h5/');
  }
  const setError = (field: string, msg: string) => setErrors((old) => ({ ...old, [field]: msg }));
  return (
    <form className="h5-form" onSubmit={(e) => void submit(e)} noValidate>
      <MobileCodeFields mobile={mobile} setMobile={setMobile} errors={errors} setError={setError} />
      <FormSubmit error={error} pending={pending} label="登录" pendingLabel="登录中…" />
    </form>
  );
}

const needsCaptcha = (err: unknown) =>
  err instanceof ApiError && (err.data as { needCaptcha?: boolean } | null)?.needCaptcha === true;

/** Mobile and password; after repeated failures the server asks for the picture captcha, shown here (tap to change). */
function PasswordForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [captcha, setCaptcha] = useState<{ verToken: string; img: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refreshCaptcha = async () => setCaptcha(await api(captchaImage).catch(() => null));
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = valuesOf(e.currentTarget);
    if (captcha && !values.verCode?.trim()) {
      setErrors({ verCode: '请输入图形验证码' });
      return;
    }
    const checked = checkBody(loginPassword.body, { ...values, clientType: 1, verToken: captcha?.verToken });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setPending(true);
    setError(null);
    try {
      await api(loginPassword, checked.data, { toast: false });
      goAfterLogin('/h5/');
    } catch (err) {
      setError(inlineMessage(err, '登录失败，请稍后再试'));
      // each captcha allows one guess: a refused attempt needs a fresh image
      if (needsCaptcha(err) || captcha) await refreshCaptcha();
      setPending(false);
    }
  }
  return (
    <form className="h5-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        name="mobile"
        label="手机号"
        inputMode="numeric"
        autoComplete="username"
        maxLength={11}
        placeholder="11 位手机号"
        error={errors.mobile}
      />
      <Field
        name="password"
        label="密码"
        type="password"
        autoComplete="current-password"
        maxLength={64}
        placeholder="登录密码"
        error={errors.password}
      />
      {captcha ? (
        <Field
          key={captcha.verToken}
          name="verCode"
          label="图形验证码"
          autoComplete="off"
          maxLength={8}
          error={errors.verCode}
          side={
            <button type="button" className="h5-captcha" onClick={() => void refreshCaptcha()}>
              <img src={captcha.img} alt="图形验证码，点击换一张" width={96} height={40} />
            </button>
          }
        />
      ) : null}
      <FormSubmit error={error} pending={pending} label="登录" pendingLabel="登录中…" />
      <p className="h5-form-page__links">
        <Link to="/h5/reset">忘记密码？</Link>
      </p>
    </form>
  );
}
