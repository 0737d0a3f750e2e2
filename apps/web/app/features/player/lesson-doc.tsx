import { RichText } from '../course/rich-text.tsx';

/**
 * A library lesson's document, shown in the page. The server sanitizes HTML documents; markdown is shown as its
 * text with the line breaks kept (no markdown renderer in the page bundle).
 */
export function LessonDoc({ name, type, text }: { name: string; type: string; text: string }) {
  return (
    <article className="qk-doc">
      {name ? <h2 className="qk-doc__name">{name}</h2> : null}
      <RichText source={text} html={type === 'html'} />
    </article>
  );
}
