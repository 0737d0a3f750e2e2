import { IMAGE_ACCEPT, useImageAdder } from '../features/account/image-adder.ts';

/**
 * One picture of a phone's form (a portrait, a post's cover), uploaded through the site's image upload: what is
 * set shown beside 上传 / 更换, and 移除 when the picture may be left out.
 */
export function PictureField({
  label,
  noun,
  alt,
  value,
  onChange,
  cover = false,
  removable = false,
}: {
  label: string;
  /** what the buttons name: 头像, 封面 */
  noun: string;
  alt: string;
  value: string;
  onChange: (url: string) => void;
  /** a wide picture (a cover) rather than a round portrait */
  cover?: boolean;
  removable?: boolean;
}) {
  const picture = useImageAdder(value ? [value] : [], (urls) => onChange(urls.at(-1) ?? ''));
  return (
    <div className="h5-field">
      <span className="h5-feedback-form__label">{label}</span>
      <div className={cover ? 'h5-picture is-cover' : 'h5-picture'}>
        {value ? (
          <img src={value} alt={alt} width={cover ? 96 : 64} height={64} />
        ) : (
          <span className={cover ? 'h5-picture__blank is-cover' : 'h5-picture__blank'} />
        )}
        <button type="button" className="h5-button" disabled={picture.pending} onClick={picture.pick}>
          {picture.pending ? '上传中…' : value ? `更换${noun}` : `上传${noun}`}
        </button>
        {removable && value ? (
          <button type="button" className="h5-button" onClick={() => onChange('')}>
            移除
          </button>
        ) : null}
        <input
          ref={picture.input}
          type="file"
          hidden
          accept={IMAGE_ACCEPT}
          aria-label={`上传${noun}`}
          onChange={picture.onFile}
        />
      </div>
    </div>
  );
}
