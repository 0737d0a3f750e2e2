import { showError, showSuccess } from './toast.ts';

/** Copies to the clipboard and says so; where the browser refuses, asks for a copy by hand. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess('已复制');
  } catch {
    showError('复制失败，请手动选中复制');
  }
}
