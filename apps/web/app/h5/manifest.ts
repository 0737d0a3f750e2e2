import { websiteInfoView } from '#contract/system.ts';
import type { Route } from './+types/manifest.ts';
import { callWith } from '../api/client.ts';
import { serverContext } from '../context.ts';

/** The web app manifest of the H5 site: the school's name and icon, opened at the H5 home page. */
export async function loader({ context }: Route.LoaderArgs) {
  const info = await callWith(context.get(serverContext).transport, websiteInfoView);
  const name = info.siteNamePc || '青课网校';
  const icons = [info.logo, info.ico].filter(Boolean).map((src) => ({ src, sizes: 'any' }));
  const manifest = {
    name,
    short_name: name.slice(0, 12),
    lang: 'zh-CN',
    start_url: '/h5/',
    scope: '/h5/',
    display: 'standalone',
    background_color: '#f5f6f7',
    theme_color: '#00777c',
    icons,
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
}
