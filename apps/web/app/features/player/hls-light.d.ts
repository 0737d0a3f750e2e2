// hls.js publishes its light build (no subtitles, alternate audio or DRM; AES-128 included) without types of its own.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
