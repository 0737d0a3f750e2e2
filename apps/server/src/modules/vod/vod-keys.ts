/**
 * Where video files live in storage. Everything under `vod/` (sources, playlists, segments) is private: the
 * public /media route refuses the prefix (platform/storage.ts PRIVATE_AREAS), and viewers reach the HLS files only through signed play URLs. The
 * poster is an ordinary public image.
 */
export const VOD_PRIVATE_PREFIX = 'vod/';

/** Where an uploaded or generated source file goes before it is ingested. */
export const sourceKeyFor = (siteId: bigint, name: string) => `${VOD_PRIVATE_PREFIX}${siteId}/source/${name}`;

export const hlsPrefix = (siteId: bigint, videoId: bigint) => `${VOD_PRIVATE_PREFIX}${siteId}/${videoId}/hls/`;

export const posterKey = (siteId: bigint, videoId: bigint) => `posters/${siteId}/${videoId}.jpg`;
