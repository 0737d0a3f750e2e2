/** One script of a statistics or online-service snippet pasted by the site owner. */
export interface SnippetScript {
  /** an external vendor script, loaded async */
  src?: string;
  /** inline code */
  code?: string;
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * Site owners paste vendor snippets (Baidu 统计, 53客服 …) either as `<script>` tags or as bare JavaScript.
 * They are turned into scripts we emit ourselves so each carries the page's CSP nonce; any other markup in
 * the snippet is dropped.
 */
export function parseSnippet(snippet: string): SnippetScript[] {
  const text = snippet.trim();
  if (!text) return [];
  if (!/<script\b/i.test(text)) return [{ code: text }];
  const scripts: SnippetScript[] = [];
  for (const m of text.matchAll(SCRIPT_TAG)) {
    const attrs = m[1] ?? '';
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    const code = (m[2] ?? '').trim();
    if (src && /^(https?:)?\/\//i.test(src)) scripts.push({ src });
    else if (code) scripts.push({ code });
  }
  return scripts;
}

/** Spec §3 onlineServicePages: a comma list of paths; a page matches its own path or any path below it. */
export function onlineServiceOn(pages: string, pathname: string): boolean {
  return pages
    .split(/[,，\s]+/)
    .map((p) => p.trim().replace(/\/+$/, ''))
    .filter(Boolean)
    .some((p) => (p === '/' || p === '' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)));
}
