/** The summary a list shows when the author wrote none: the body's first words as plain text. */
export function summaryOf(html: string, max = 120): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      // blocks part words; inline marks (code, strong, a) sit inside a sentence
      .replace(/<\/?(p|h[1-6]|li|ul|ol|br|div|blockquote|pre|tr|td|th|table|hr|img)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}
