import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { api } from './client.ts';
import type { CallOptions } from './handler.ts';

/**
 * A call a page makes only after someone acts (the next page of a list, 收藏): its contract module, with the
 * module's schemas and zod, is fetched when the page is idle or at the first call, not in the page's first load
 * (decision 55).
 */
export function callLater<C extends CallDef>(load: () => Promise<C>) {
  let loading: Promise<C> | undefined;
  const get = () => {
    // a failed fetch (the network was down) is tried again at the next call
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return {
    /** fetches the module now, so the first call waits for nothing */
    preload(): void {
      get().catch(() => undefined);
    },
    async api(body?: CallBody<C>, opts?: CallOptions): Promise<CallData<C>> {
      return api(await get(), body, opts);
    },
  };
}
