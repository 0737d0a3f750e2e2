import { useRef, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

import { showFailure } from '../../api/client.ts';
import { uploadImage } from './upload-image.ts';
import { useMinLoading } from '../../lib/min-loading.ts';

interface ImageUploadProps {
  value?: string;
  onChange?: (url: string) => void;
  /** Preview shape: a round avatar or a square picture. */
  round?: boolean;
  size?: number;
  label?: string;
}

/**
 * A form control holding an uploaded image's address: a preview and a button that picks a file. The file's
 * type and size are checked before anything is sent. A plain file input rather than antd Upload, so public
 * pages (/apply) need no extra component styles.
 */
export function ImageUpload({ value = '', onChange, round = false, size = 96, label = '上传图片' }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const pendingShown = useMinLoading(pending);

  async function pick(file: File | undefined) {
    if (!file) return;
    setPending(true);
    try {
      onChange?.((await uploadImage(file)).url);
    } catch (err) {
      showFailure(err, '上传失败，请稍后再试');
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="qk-image-upload">
      <div className={`qk-image-upload__preview${round ? ' is-round' : ''}`} style={{ width: size, height: size }}>
        {value ? <img src={value} alt="预览" /> : <span>未上传</span>}
      </div>
      <div>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          aria-label={label}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button icon={<UploadOutlined />} loading={pendingShown} onClick={() => input.current?.click()}>
          {label}
        </Button>
        <div className="qk-muted qk-image-upload__hint">支持 JPG、PNG、WebP、GIF，不超过 5 MB</div>
      </div>
    </div>
  );
}
