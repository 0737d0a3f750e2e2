import { KEY_URI_PLACEHOLDER } from './vod-ladder.ts';

/** Where the signed HLS files of a play token are served (under /apis); every URL below carries the token. */
export const hlsBase = (token: string) => `/apis/vod/api/hls/${token}`;
export const masterUrl = (token: string) => `${hlsBase(token)}/master.m3u8`;
export const keyUrl = (token: string) => `${hlsBase(token)}/key`;

export const RENDITION_NAME = /^\d{2,4}p$/;
export const SEGMENT_NAME = /^seg_\d{3,6}\.ts$/;

const uriLines = (playlist: string, map: (uri: string) => string | undefined) =>
  playlist
    .split(/\r?\n/)
    .flatMap((line) => {
      const l = line.trim();
      if (!l || l.startsWith('#')) return [line];
      const to = map(l);
      return to === undefined ? [] : [to];
    })
    .join('\n');

/**
 * The master playlist as a viewer gets it: each variant URI made absolute with the viewer's token. Anything but
 * the renditions we wrote is dropped, so a playlist can never point a player elsewhere.
 */
export function rewriteMaster(master: string, token: string, renditions: string[]): string {
  return uriLines(master, (uri) => {
    const name = /^([^/]+)\/index\.m3u8$/.exec(uri)?.[1];
    return name && renditions.includes(name) ? `${hlsBase(token)}/${name}/index.m3u8` : undefined;
  });
}

/** A rendition's playlist with the viewer's token in each segment URI and in the key URI. */
export function rewriteVariant(playlist: string, token: string, rendition: string): string {
  const withKey = playlist.split(`URI="${KEY_URI_PLACEHOLDER}"`).join(`URI="${keyUrl(token)}"`);
  return uriLines(withKey, (uri) => (SEGMENT_NAME.test(uri) ? `${hlsBase(token)}/${rendition}/${uri}` : undefined));
}
