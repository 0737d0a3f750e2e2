import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { TWebInfo } from '#contract/system.ts';
import { onlineServiceOn, parseSnippet, type SnippetScript } from '../lib/site-scripts.ts';

const ONLINE_MARK = 'data-qk-online-service';

function ScriptTags({ scripts, nonce, mark }: { scripts: SnippetScript[]; nonce: string; mark: string }) {
  return (
    <>
      {scripts.map((s, i) =>
        s.src ? (
          <script key={i} src={s.src} async nonce={nonce} {...{ [mark]: '' }} suppressHydrationWarning />
        ) : (
          <script
            key={i}
            nonce={nonce}
            {...{ [mark]: '' }}
            dangerouslySetInnerHTML={{ __html: s.code ?? '' }}
            suppressHydrationWarning
          />
        ),
      )}
    </>
  );
}

/** Scripts added from the page, after the CSP-trusted bundle (strict-dynamic lets them run). */
function injectScripts(scripts: SnippetScript[], mark: string): void {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  for (const s of scripts) {
    const el = document.createElement('script');
    if (nonce) el.nonce = nonce;
    el.setAttribute(mark, '');
    if (s.src) {
      el.src = s.src;
      el.async = true;
    } else {
      el.text = s.code ?? '';
    }
    document.body.appendChild(el);
  }
}

/**
 * Spec §3 site scripts: the statistics code on every page when enabled, the online-service code on the
 * pages listed in onlineServicePages. Both are rendered into the first page with the CSP nonce; reaching a
 * listed page later, by client navigation, injects the online-service code then (once per page load).
 */
export function SiteScripts({ info, nonce }: { info: TWebInfo; nonce: string }) {
  const { pathname } = useLocation();
  // Decided by the first page only: React never runs a <script> it renders in the browser, so later pages
  // go through injectScripts instead.
  const [firstPath] = useState(pathname);
  const statistics = info.isEnableStatistics === 1 ? parseSnippet(info.statisticsCode) : [];
  const online = info.isEnableOnlineService === 1 ? parseSnippet(info.onlineServiceCode) : [];
  const onlineFirst = online.length > 0 && onlineServiceOn(info.onlineServicePages, firstPath);

  useEffect(() => {
    if (info.isEnableOnlineService !== 1 || !onlineServiceOn(info.onlineServicePages, pathname)) return;
    if (document.querySelector(`script[${ONLINE_MARK}]`)) return;
    injectScripts(parseSnippet(info.onlineServiceCode), ONLINE_MARK);
  }, [pathname, info.isEnableOnlineService, info.onlineServicePages, info.onlineServiceCode]);

  return (
    <>
      {statistics.length > 0 ? <ScriptTags scripts={statistics} nonce={nonce} mark="data-qk-statistics" /> : null}
      {onlineFirst ? <ScriptTags scripts={online} nonce={nonce} mark={ONLINE_MARK} /> : null}
    </>
  );
}
