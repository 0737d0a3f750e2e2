import QRCode from 'qrcode';
import type { Platform } from '../../platform/context.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Demo images are drawn as SVG, so the demo needs no binary assets in the repository. */
export function bannerSvg(title: string, subtitle: string, from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<circle cx="1010" cy="90" r="180" fill="#fff" opacity="0.08"/><circle cx="1120" cy="360" r="120" fill="#fff" opacity="0.1"/>
<text x="90" y="185" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="58" font-weight="bold" fill="#fff">${esc(title)}</text>
<text x="92" y="250" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="28" fill="#fff" opacity="0.9">${esc(subtitle)}</text>
</svg>`;
}

/** The home page's ad: a strip as wide as the content and 120 px high, shown in the page's flow. */
export function advSvg(title: string, subtitle: string, from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="120" viewBox="0 0 1200 120">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="120" fill="url(#g)"/><circle cx="1080" cy="20" r="110" fill="#fff" opacity="0.1"/>
<text x="60" y="70" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="36" font-weight="bold" fill="#fff">${esc(title)}</text>
<text x="300" y="68" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="22" fill="#fff" opacity="0.9">${esc(subtitle)}</text>
</svg>`;
}

export function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48">
<rect x="2" y="6" width="36" height="36" rx="9" fill="#16a085"/>
<text x="20" y="32" text-anchor="middle" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="22" font-weight="bold" fill="#fff">青</text>
<text x="48" y="33" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="24" font-weight="bold" fill="#1f2d3d">${esc(name)}</text>
</svg>`;
}

export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, width: 120 });
}

export async function putSvg(p: Platform, key: string, svg: string): Promise<string> {
  await p.storage.put(key, Buffer.from(svg, 'utf8'));
  return p.storage.publicUrl(key);
}

/** A round avatar with one character, for demo lecturers. */
export function avatarSvg(char: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<circle cx="100" cy="100" r="100" fill="${color}"/>
<text x="100" y="128" text-anchor="middle" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif" font-size="84" font-weight="bold" fill="#fff">${esc(char)}</text>
</svg>`;
}
