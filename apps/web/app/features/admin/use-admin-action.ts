import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { api, ApiError } from '../../api/client.ts';
import { adminLoginUrl } from './admin-loader.ts';

/**
 * Runs one admin call from the browser: tracks pending, shows the server's message as a toast and keeps it for an
 * inline alert, and sends an expired session back to the admin login page.
 */
export function useAdminAction() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(fn: () => Promise<T>, success?: string): Promise<T | undefined> => {
      setPending(true);
      setError(null);
      try {
        const data = await fn();
        // Spec §8: the same text is shown once, so the toast is keyed by its text.
        if (success) message.success({ content: success, key: success });
        return data;
      } catch (err) {
        if (err instanceof ApiError && err.needsLogin) {
          message.warning({ content: '登录已失效，请重新登录', key: 'admin-login' });
          navigate(adminLoginUrl(location.pathname + location.search));
          return undefined;
        }
        const msg = err instanceof ApiError ? err.message : '操作失败，请稍后再试';
        setError(msg);
        message.error({ content: msg, key: msg });
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [message, navigate, location.pathname, location.search],
  );

  return { run, pending, error, setError };
}

/** One admin call from a row's button or switch, then the page's data reloaded so the table shows the result. */
export function useAdminCall() {
  const { run, pending } = useAdminAction();
  const revalidator = useRevalidator();
  const call = useCallback(
    async <C extends CallDef>(def: C, body: CallBody<C>, success: string): Promise<CallData<C> | undefined> => {
      const data = await run(() => api(def, body), success);
      if (data !== undefined) await revalidator.revalidate();
      return data;
    },
    [run, revalidator],
  );
  return { call, pending, loading: revalidator.state === 'loading' };
}
