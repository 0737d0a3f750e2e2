import { describe, expect, it } from 'vitest';
import { ladderFor, readProbe } from './vod-ladder.ts';

describe('transcoding ladder', () => {
  it('never goes above the source and stops at 1080p', () => {
    expect(ladderFor({ width: 3840, height: 2160 }).map((r) => r.name)).toEqual(['1080p', '720p', '480p', '360p']);
    expect(ladderFor({ width: 1280, height: 720 }).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(ladderFor({ width: 854, height: 480 }).map((r) => r.name)).toEqual(['480p', '360p']);
  });

  it('measures a portrait phone video by its short side', () => {
    expect(ladderFor({ width: 720, height: 1280 }).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
  });

  it('keeps a tiny video at its own size', () => {
    expect(ladderFor({ width: 320, height: 241 }).map((r) => [r.name, r.short])).toEqual([['240p', 240]]);
  });

  it('reads what ffprobe says, turning a rotated phone video upright', () => {
    const json = {
      streams: [
        { codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] },
        { codec_type: 'audio' },
      ],
      format: { duration: '12.4' },
    };
    expect(readProbe(json)).toEqual({ durationSec: 12, width: 1080, height: 1920, hasAudio: true });
  });

  it('finds nothing playable in a file without a picture or a duration', () => {
    expect(readProbe({ streams: [{ codec_type: 'audio' }], format: { duration: '3' } })).toBeUndefined();
    expect(readProbe({ streams: [{ codec_type: 'video', width: 10, height: 10 }], format: {} })).toBeUndefined();
    expect(
      readProbe({
        streams: [{ codec_type: 'video', width: 300, height: 300, disposition: { attached_pic: 1 } }],
        format: { duration: '3' },
      }),
    ).toBeUndefined();
    expect(readProbe({})).toBeUndefined();
  });
});
