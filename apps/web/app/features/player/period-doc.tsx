import { RichText } from '../course/rich-text.tsx';
import { MarkdownLite } from './markdown-lite.tsx';

/** A library lesson's document, shown in the page: sanitized HTML from the server, markdown, or plain text. */
export function PeriodDoc({ name, type, text }: { name: string; type: string; text: string }) {
  return (
    <article className="qk-doc">
      {name && !/^\s*#/.test(text) ? (
        <h2 className="qk-doc__name">{name.replace(/\.(md|markdown|txt|html?)$/i, '')}</h2>
      ) : null}
      {type === 'markdown' ? <MarkdownLite source={text} /> : <RichText source={text} html={type === 'html'} />}
    </article>
  );
}
