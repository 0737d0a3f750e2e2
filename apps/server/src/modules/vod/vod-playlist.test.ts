import { describe, expect, it } from 'vitest';
import { KEY_URI_PLACEHOLDER, readMaster } from './vod-ladder.ts';
import { rewriteMaster, rewriteVariant } from './vod-playlist.ts';

const MASTER = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-STREAM-INF:BANDWIDTH=1645600,RESOLUTION=854x480,CODECS="avc1.64001e,mp4a.40.2"
480p/index.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=985600,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"
360p/index.m3u8
`;

const VARIANT = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:6
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URI_PLACEHOLDER}",IV=0x300b2c5ccef5238823df1e2e64ea0372
#EXTINF:6.000000,
seg_000.ts
#EXTINF:3.000000,
seg_001.ts
#EXT-X-ENDLIST
`;

const uris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));

describe('playlists served to a viewer', () => {
  it('reads the renditions ffmpeg measured from the master playlist', () => {
    expect(readMaster(MASTER)).toEqual([
      { name: '480p', width: 854, height: 480, bandwidth: 1645600 },
      { name: '360p', width: 640, height: 360, bandwidth: 985600 },
    ]);
  });

  it('puts the token into every variant URI of the master playlist', () => {
    const out = rewriteMaster(MASTER, 'TOKEN', ['480p', '360p']);
    expect(uris(out)).toEqual(['/apis/vod/api/hls/TOKEN/480p/index.m3u8', '/apis/vod/api/hls/TOKEN/360p/index.m3u8']);
    expect(out).toContain('RESOLUTION=854x480');
  });

  it('drops a variant the video does not have', () => {
    expect(uris(rewriteMaster(MASTER, 'T', ['360p']))).toEqual(['/apis/vod/api/hls/T/360p/index.m3u8']);
  });

  it('puts the token into the key URI and every segment URI, keeping the IV', () => {
    const out = rewriteVariant(VARIANT, 'TOKEN', '480p');
    expect(out).toContain(
      '#EXT-X-KEY:METHOD=AES-128,URI="/apis/vod/api/hls/TOKEN/key",IV=0x300b2c5ccef5238823df1e2e64ea0372',
    );
    expect(out).not.toContain(KEY_URI_PLACEHOLDER);
    expect(uris(out)).toEqual(['/apis/vod/api/hls/TOKEN/480p/seg_000.ts', '/apis/vod/api/hls/TOKEN/480p/seg_001.ts']);
    expect(out).toContain('#EXT-X-ENDLIST');
  });
});
