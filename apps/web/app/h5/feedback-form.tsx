import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { FEEDBACK_TYPES, feedbackSave } from '#contract/feedback.ts';
import { api, inlineMessage } from '../api/client.ts';
import { IMAGE_ACCEPT, MAX_FEEDBACK_IMAGES, useImageAdder } from '../features/account/image-adder.ts';
import { showSuccess } from '../lib/toast.ts';
import { Field, FormSubmit, TextareaField } from './form-parts.tsx';
import { useFormValues } from './use-form-values.ts';

const EMPTY = { feedbackType: 1, content: '', contact: '', imgUrls: [] as string[] };

/**
 * The feedback form on a phone, on the contract's rules as the PC form: the type, what happened, up to four
 * screenshots through the site's image upload, and a way to reach the sender.
 */
export function H5FeedbackForm() {
  const { v, setV, errors, set, check } = useFormValues(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const revalidator = useRevalidator();
  const images = useImageAdder(v.imgUrls, (imgUrls) => setV((old) => ({ ...old, imgUrls })));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = check(feedbackSave.body);
    if (!body) return;
    setPending(true);
    setError(null);
    try {
      await api(feedbackSave, body, { toast: false });
      setV(EMPTY);
      showSuccess('感谢反馈，我们会尽快处理');
      await revalidator.revalidate();
    } catch (err) {
      setError(inlineMessage(err, '提交失败，请稍后再试'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="h5-pages__form h5-feedback-form" onSubmit={submit} aria-label="意见反馈" noValidate>
      <fieldset className="h5-feedback-form__types">
        <legend>反馈类型</legend>
        {FEEDBACK_TYPES.map((t) => (
          <label key={t.value} className={v.feedbackType === t.value ? 'is-on' : undefined}>
            <input
              type="radio"
              name="feedbackType"
              value={t.value}
              checked={v.feedbackType === t.value}
              onChange={() => setV({ ...v, feedbackType: t.value })}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      <TextareaField
        name="content"
        label="反馈内容"
        value={v.content}
        maxLength={1000}
        placeholder="请描述您的建议或遇到的问题（至少 5 个字）"
        onChange={set('content')}
        error={errors.content}
      />
      <div className="h5-field">
        <span className="h5-feedback-form__label">截图（选填，最多 {MAX_FEEDBACK_IMAGES} 张）</span>
        <div className="h5-feedback-images">
          {v.imgUrls.map((url, i) => (
            <div key={url} className="h5-feedback-images__item">
              <img src={url} alt={`截图 ${i + 1}`} />
              <button type="button" aria-label={`移除截图 ${i + 1}`} onClick={() => images.remove(url)}>
                ×
              </button>
            </div>
          ))}
          {v.imgUrls.length < MAX_FEEDBACK_IMAGES ? (
            <button type="button" className="h5-feedback-images__add" disabled={images.pending} onClick={images.pick}>
              <span aria-hidden="true" className="h5-feedback-images__plus">
                ＋
              </span>
              {images.pending ? '上传中…' : '添加截图'}
            </button>
          ) : null}
          <input
            ref={images.input}
            type="file"
            hidden
            accept={IMAGE_ACCEPT}
            aria-label="添加截图"
            onChange={images.onFile}
          />
        </div>
        {errors.imgUrls ? (
          <p className="h5-field__error" role="alert">
            {errors.imgUrls}
          </p>
        ) : null}
      </div>
      <Field
        name="contact"
        label="联系方式（选填）"
        value={v.contact}
        onChange={set('contact')}
        error={errors.contact}
        maxLength={50}
        placeholder="手机号、邮箱或微信"
      />
      <FormSubmit error={error} pending={pending} label="提交反馈" pendingLabel="提交中…" />
    </form>
  );
}
