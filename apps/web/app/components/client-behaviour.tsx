import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isChunkLoadError, rememberReferral, reloadForChunkError } from '../lib/client-behaviour.ts';
import { deviceRedirectHere } from '../lib/device-redirect.ts';
import { useRootData } from '../lib/root-data.ts';

/**
 * Browser-side rules that apply on every page: keep a referral code, send phones to the H5 site and
 * computers back (the server already redirects first page loads; this catches pages served from a cache), and reload once a
 * minute at most when a code chunk fails to load.
 */
export function ClientBehaviour() {
  const { search } = useLocation();
  const h5Domain = useRootData()?.webInfo.h5Domain ?? '';

  useEffect(() => {
    rememberReferral(search);
  }, [search]);

  useEffect(() => {
    const target = deviceRedirectHere(h5Domain);
    if (target) window.location.replace(target);
  }, [h5Domain]);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadForChunkError()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadForChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return null;
}
