import { useRef, useState } from 'react';
import { showFailure } from '../../api/client.ts';
import { uploadImage } from './upload-image.ts';

/** What a feedback may carry: four screenshots at most (the contract's `imgUrls`). */
export const MAX_FEEDBACK_IMAGES = 4;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * Adding screenshots to a list of image addresses through the site's image upload: a hidden file input to open
 * (`pick`), the upload of the file chosen, its address added to the list; a refusal is told and adds nothing.
 */
export function useImageAdder(value: string[], onChange: (urls: string[]) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);

  async function add(file: File | undefined) {
    if (!file) return;
    setPending(true);
    try {
      const { url } = await uploadImage(file);
      onChange([...value, url]);
    } catch (err) {
      showFailure(err, '上传失败，请稍后再试');
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  }

  return {
    input,
    pending,
    pick: () => input.current?.click(),
    onFile: (e: { target: HTMLInputElement }) => void add(e.target.files?.[0]),
    remove: (url: string) => onChange(value.filter((u) => u !== url)),
  };
}
