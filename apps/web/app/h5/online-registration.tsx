import { useState, type FormEvent } from 'react';
import { Link } from '../components/link.tsx';
import { counselSave } from '#contract/marketing.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Field, FormSubmit } from './form-parts.tsx';
import { useFormValues } from './use-form-values.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-pages.css';

/** /h5/onlineRegistration — the enquiry form on a phone: name, mobile, the course wanted and a note. */
export default function H5OnlineRegistration() {
  const { v, errors, set, check } = useFormValues({ realName: '', mobile: '', subject: '', content: '' });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = check(counselSave.body);
    if (!body) return;
    setPending(true);
    setError(null);
    try {
      await api(counselSave, body, { toast: false });
      setDone(true);
    } catch (err) {
      setError(inlineMessage(err, '提交失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <PageMeta title="在线报名咨询" description="留下姓名和手机号，课程顾问会尽快联系您。" />
      <H5Header title="在线报名咨询" />
      {done ? (
        <section className="h5-pages__done" role="status">
          <h1>提交成功</h1>
          <p className="h5-muted">我们已收到您的咨询，课程顾问会尽快与您联系。</p>
          <Link to="/h5/list" className="h5-button h5-button--primary h5-button--block">
            先去看看课程
          </Link>
        </section>
      ) : (
        <form className="h5-pages__form" onSubmit={submit} aria-label="咨询登记表" noValidate>
          <h1 className="h5-pages__title">留下联系方式，顾问为您推荐课程</h1>
          <Field
            name="realName"
            label="姓名"
            value={v.realName}
            onChange={set('realName')}
            error={errors.realName}
            maxLength={20}
            autoComplete="name"
          />
          <Field
            name="mobile"
            label="手机号"
            type="tel"
            inputMode="tel"
            value={v.mobile}
            onChange={set('mobile')}
            error={errors.mobile}
            maxLength={11}
            autoComplete="tel"
          />
          <Field
            name="subject"
            label="意向课程（选填）"
            value={v.subject}
            onChange={set('subject')}
            error={errors.subject}
            maxLength={50}
          />
          <div className="h5-field">
            <label htmlFor="f-content">咨询内容（选填）</label>
            <textarea
              id="f-content"
              className="h5-pages__textarea"
              value={v.content}
              maxLength={500}
              onChange={set('content')}
            />
            {errors.content ? (
              <p className="h5-field__error" role="alert">
                {errors.content}
              </p>
            ) : null}
          </div>
          <FormSubmit error={error} pending={pending} label="提交咨询" pendingLabel="提交中…" />
        </form>
      )}
      <H5Footer />
    </>
  );
}
