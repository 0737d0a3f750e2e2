import { useState } from 'react';
import { Input } from 'antd';

/** Plain text typed into the field as the paragraphs of an HTML body; the server cleans it again on save. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}|\r\n\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A stored HTML body as the text the field edits. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d|pre|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface QuestionBodyFieldProps {
  /** The body as HTML. */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  rows?: number;
}

/**
 * The body of a question or an answer: one place for the field, so the rich-text editor replaces it here alone.
 * Until then a text area, whose paragraphs become the HTML body.
 */
export function QuestionBodyField({ value = '', onChange, placeholder, rows = 8, ...rest }: QuestionBodyFieldProps) {
  const [text, setText] = useState(() => htmlToText(value));
  // a form reset (after an answer is sent) empties the value: the text follows
  if (value === '' && text !== '' && textToHtml(text) !== '') {
    setText('');
  }
  return (
    <Input.TextArea
      value={text}
      rows={rows}
      maxLength={20000}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(textToHtml(e.target.value));
      }}
    />
  );
}
