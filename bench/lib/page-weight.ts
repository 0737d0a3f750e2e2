import zlib from 'node:zlib';

export interface PageWeight {
  files: { url: string; bytes: number; gzipped: number }[];
  jsGzipped: number;
  cssGzipped: number;
  totalGzipped: number;
}

/**
 * First-load JS+CSS of a page: every <script src>, <link rel="modulepreload"> and <link rel="stylesheet"> of its
 * HTML, fetched and gzipped at level 9 (what a gzip-serving CDN would send). Inline code is not counted. H5 pages
 * are asked for with a phone's user agent (`userAgent`), since a computer is sent to the PC page.
 */
export async function pageWeight(pageUrl: string, userAgent?: string): Promise<PageWeight> {
  const headers = userAgent ? { 'user-agent': userAgent } : undefined;
  const html = await (await fetch(pageUrl, { headers })).text();
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag);
    const rel = attr('rel')?.toLowerCase() ?? '';
    const ref = isScript ? attr('src') : rel === 'modulepreload' || rel === 'stylesheet' ? attr('href') : undefined;
    if (ref) urls.add(new URL(ref, pageUrl).toString());
  }
  const files: PageWeight['files'] = [];
  let jsGzipped = 0;
  let cssGzipped = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const gzipped = zlib.gzipSync(body, { level: 9 }).length;
    files.push({ url, bytes: body.length, gzipped });
    const isCss = (res.headers.get('content-type') ?? '').includes('css') || /\.css(\?|$)/.test(url);
    if (isCss) cssGzipped += gzipped;
    else jsGzipped += gzipped;
  }
  return { files, jsGzipped, cssGzipped, totalGzipped: jsGzipped + cssGzipped };
}
