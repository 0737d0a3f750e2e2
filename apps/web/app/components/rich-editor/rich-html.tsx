import './rich-html.css';

/**
 * Stored rich text (cleaned by the server when it was saved, decisions 31 and 39) with article typography: the same
 * markup on the server and in the browser, so the page hydrates without a change.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `qk-rich-html ${className}` : 'qk-rich-html'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
