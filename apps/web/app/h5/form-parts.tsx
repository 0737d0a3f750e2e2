import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { z } from 'zod';
import { sendCode } from '#contract/user.ts';
import { api, inlineMessage } from '../api/client.ts';

export type Errors = Record<string, string>;

/** The contract's own messages for a form's values, one per field (the first of each), or null when valid. */
export function checkBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Errors } {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, data: r.data };
  const errors: Errors = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
  /** a button beside the input (the SMS code's) */
  side?: ReactNode;
  hint?: string;
  /** the input's id where two forms of one page have a field of the same name; `f-<name>` otherwise */
  id?: string;
}

/** One labelled input, 48 px tall, its error under it and tied to it for screen readers. */
export function Field({ name, label, error, side, hint, id: ownId, ...input }: FieldProps) {
  const id = ownId ?? `f-${name}`;
  return (
    <div className={error ? 'h5-field has-error' : 'h5-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="h5-field__row">
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          {...input}
        />
        {side}
      </div>
      {error ? (
        <p id={`${id}-err`} className="h5-field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="h5-field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

/** A labelled choice of a few options (the phone's own picker), 48 px tall like the inputs. */
export function SelectField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  const id = `f-${name}`;
  return (
    <div className="h5-field">
      <label htmlFor={id}>{label}</label>
      <div className="h5-field__row">
        <select id={id} name={name}>
          {children}
        </select>
      </div>
    </div>
  );
}

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  error?: string;
}

/** A labelled several-line field, its error under it and tied to it for screen readers. */
export function TextareaField({ name, label, error, ...textarea }: TextareaFieldProps) {
  const id = `f-${name}`;
  return (
    <div className={error ? 'h5-field has-error' : 'h5-field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        className="h5-pages__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-err`} className="h5-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 获取验证码: checks the mobile with the contract's rule, sends the code and counts down the wait the server
 * names; a refusal (e.g. "请 42 秒后再试") is shown under the code field.
 */
export function SmsButton({ mobile, onError }: { mobile: string; onError: (field: string, msg: string) => void }) {
  const [left, setLeft] = useState(0);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  async function send() {
    const checked = sendCode.body.safeParse({ mobile });
    if (!checked.success) {
      onError('mobile', checked.error.issues[0]?.message ?? '请填写正确的 11 位手机号');
      return;
    }
    setPending(true);
    try {
      const r = await api(sendCode, checked.data, { toast: false });
      setLeft(r.intervalSeconds);
      onError('code', '');
    } catch (err) {
      const msg = inlineMessage(err, '验证码发送失败，请稍后再试');
      if (msg) onError('code', msg);
    } finally {
      setPending(false);
    }
  }

  return (
    <button type="button" className="h5-sms" disabled={left > 0 || pending} onClick={() => void send()}>
      {left > 0 ? `${left} 秒后重发` : pending ? '发送中…' : '获取验证码'}
    </button>
  );
}

/** The mobile and SMS-code pair that the code login and registration both start with. */
export function MobileCodeFields({
  mobile,
  setMobile,
  errors,
  setError,
}: {
  mobile: string;
  setMobile: (mobile: string) => void;
  errors: Errors;
  setError: (field: string, msg: string) => void;
}) {
  return (
    <>
      <Field
        name="mobile"
        label="手机号"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder="11 位手机号"
        value={mobile}
        onChange={(e) => setMobile(e.target.value.trim())}
        error={errors.mobile}
      />
      <CodeField mobile={mobile} error={errors.code} setError={setError} />
    </>
  );
}

/** Where the code of a signed-in person's own mobile goes, the mobile masked. */
export const codeGoesTo = (mobile: string) => `验证码发送至 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** The SMS code's field and the button that sends it to `mobile`; `hint` may say where it goes. */
export function CodeField({
  mobile,
  error,
  setError,
  id,
  hint,
}: {
  mobile: string;
  error?: string;
  setError: (field: string, msg: string) => void;
  id?: string;
  hint?: string;
}) {
  return (
    <Field
      name="code"
      id={id}
      label="短信验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="6 位数字"
      error={error}
      hint={hint}
      side={<SmsButton mobile={mobile} onError={setError} />}
    />
  );
}

/** A new password and its confirmation: registration, the reset and the password change. */
export function NewPasswordFields({ errors, label = '新密码' }: { errors: Errors; label?: string }) {
  return (
    <>
      <Field
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        hint="至少 8 位，且须同时包含字母和数字"
        error={errors.password}
      />
      <Field
        name="confirm"
        label={`确认${label}`}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        error={errors.confirm}
      />
    </>
  );
}

/** A form's refusal and its submit button, which says what it is doing while the call runs. */
export function FormSubmit({
  error,
  pending,
  label,
  pendingLabel,
}: {
  error: string | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {error ? (
        <p className="h5-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="h5-button h5-button--primary h5-button--block" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}

/** The form's values by field name, as strings. */
export function valuesOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') out[k] = v;
  return out;
}
