import { useRevalidator } from 'react-router';
import { Dialog } from 'antd-mobile';
import './mobile-render.ts';
import { showSuccess } from '../lib/toast.ts';

/**
 * Removing something from one of my lists on a phone: asked first, then done, said, and the list read again; a
 * refusal is told by the response handler and changes nothing on the page.
 */
export function useConfirmedRemove() {
  const revalidator = useRevalidator();
  return async function remove(
    ask: { content: string; confirmText: string; cancelText?: string },
    run: () => Promise<unknown>,
    done: string,
  ) {
    if (!(await Dialog.confirm({ cancelText: '取消', ...ask }))) return;
    try {
      await run();
      showSuccess(done);
      await revalidator.revalidate();
    } catch {
      // the response handler has said why
    }
  };
}
