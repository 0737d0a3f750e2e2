/**
 * How much a person wrote in a cleaned HTML body: its text without tags, with an image or a table counting as
 * content, so `<p></p>` or a few spaces are an empty answer while a lone screenshot is not.
 */
export function plainLength(html: string): number {
  if (/<(img|video|table)\b/i.test(html)) return 1;
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length;
}
