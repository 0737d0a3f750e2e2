import { useRevalidator } from 'react-router';
import { extUpdate } from '#contract/user.ts';
import { api } from '../../api/client.ts';
import { useAction } from './use-action.ts';

/** Saving a new head picture as soon as it is uploaded (PC and H5 profile), the page's data read again after. */
export function useSaveHead(): (headImgUrl: string) => Promise<void> {
  const revalidator = useRevalidator();
  const { run } = useAction();
  return async (headImgUrl) => {
    if ((await run(() => api(extUpdate, { headImgUrl }), { success: '头像已更新', toast: true })) !== undefined)
      await revalidator.revalidate();
  };
}
