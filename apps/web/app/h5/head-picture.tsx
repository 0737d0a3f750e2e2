import type { ReactNode } from 'react';
import { IMAGE_ACCEPT, useImageAdder } from '../features/account/image-adder.ts';

/** A round head picture, or the name's first character on a tinted disc when there is none. */
export function HeadPicture({
  url,
  name,
  size = 56,
  alt = '',
}: {
  url: string;
  name: string;
  size?: number;
  alt?: string;
}) {
  return url ? (
    <img className="h5-head" src={url} alt={alt} width={size} height={size} />
  ) : (
    <span className="h5-head h5-head--blank" style={{ width: size, height: size }} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

/**
 * The head picture with a button that uploads a new one through the site's image upload and hands its address
 * on; a refused upload is told and changes nothing.
 */
export function HeadPictureChange({
  url,
  name,
  onChange,
  busy = false,
  inputLabel,
  alt,
  children,
}: {
  url: string;
  name: string;
  onChange: (url: string) => void;
  busy?: boolean;
  /** the file input's accessible name */
  inputLabel: string;
  alt?: string;
  /** shown beside the picture, above the button */
  children?: ReactNode;
}) {
  const picture = useImageAdder(url ? [url] : [], (urls) => onChange(urls.at(-1) ?? ''));
  const pending = picture.pending || busy;
  return (
    <div className="h5-head-change">
      <HeadPicture url={url} name={name} size={64} alt={alt} />
      <div className="h5-head-change__side">
        {children}
        <button type="button" className="h5-button" disabled={pending} onClick={picture.pick}>
          {pending ? '上传中…' : url ? '更换头像' : '上传头像'}
        </button>
      </div>
      <input
        ref={picture.input}
        type="file"
        hidden
        accept={IMAGE_ACCEPT}
        aria-label={inputLabel}
        onChange={picture.onFile}
      />
    </div>
  );
}
