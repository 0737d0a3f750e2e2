/**
 * Course introductions and documents: HTML written in the studio arrives sanitized by the server
 * (sanitize-html on save, DESIGN.md), so it is shown as HTML; anything else is plain text with its line breaks.
 */
export function RichText({ source, html }: { source: string; html?: boolean }) {
  if (html ?? /^\s*</.test(source)) return <div className="qk-rich" dangerouslySetInnerHTML={{ __html: source }} />;
  return <p className="qk-pre qk-rich">{source}</p>;
}

/** The text of an introduction for meta descriptions and excerpts. */
export function plainText(source: string): string {
  return source
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
