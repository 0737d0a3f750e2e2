import type { Editor } from '@tiptap/core';
import { showFailure } from '../../api/client.ts';
import { uploadImage } from '../../features/account/upload-image.ts';

/** The image files of a paste or a drop; none when the clipboard also holds text (Word's snapshot of a selection). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = [...data.files].filter((f) => f.type.startsWith('image/'));
  if (!files.length) return [];
  return data.getData('text/plain').trim() ? [] : files;
}

/**
 * Uploads each image through the site's image upload (checked there and on the server) and inserts it where the
 * writer pasted, dropped or clicked; `at` is a document position, or the selection when undefined. A refused or
 * failed file is told and skipped; the others still go in.
 */
export async function insertImages(editor: Editor, files: File[], at: number | undefined, busy: (n: number) => void) {
  let pending = files.length;
  busy(pending);
  for (const file of files) {
    try {
      const { url } = await uploadImage(file);
      if (editor.isDestroyed) return;
      const image = { type: 'image', attrs: { src: url, alt: file.name.replace(/\.[a-z0-9]+$/i, '') } };
      if (at === undefined) editor.chain().focus().insertContent(image).run();
      else editor.chain().focus().insertContentAt(Math.min(at, editor.state.doc.content.size), image).run();
      // the next image follows this one: the selection now stands after it
      at = undefined;
    } catch (err) {
      showFailure(err, '图片上传失败，请稍后再试');
    } finally {
      busy(--pending);
    }
  }
}
