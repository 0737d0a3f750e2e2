import type { ReactNode } from 'react';

/**
 * The markdown of library documents, as React elements (never HTML, so nothing in a document can run): headings,
 * paragraphs, lists, quotes, fenced code, inline code and bold. Anything else stays as its text.
 */
export function MarkdownLite({ source }: { source: string }) {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  const key = () => `b${blocks.length}`;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (/^```/.test(line)) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !/^```/.test(lines[i] ?? '')) code.push(lines[i++] ?? '');
      i += 1;
      blocks.push(
        <pre key={key()} className="qk-md__code">
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(heading[1]!.length + 1, 6);
      const Tag = `h${level}` as 'h2';
      blocks.push(<Tag key={key()}>{inline(heading[2]!)}</Tag>);
      i += 1;
      continue;
    }
    const list = /^\s*([-*]|\d+\.)\s+/.exec(line);
    if (list) {
      const ordered = /\d/.test(list[1]!);
      const items: ReactNode[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i] ?? '')) {
        items.push(<li key={items.length}>{inline((lines[i] ?? '').replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>);
        i += 1;
      }
      blocks.push(ordered ? <ol key={key()}>{items}</ol> : <ul key={key()}>{items}</ul>);
      continue;
    }
    if (/^>\s?/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^>\s?/.test(lines[i] ?? '')) quote.push((lines[i++] ?? '').replace(/^>\s?/, ''));
      blocks.push(<blockquote key={key()}>{inline(quote.join(' '))}</blockquote>);
      continue;
    }
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      (lines[i] ?? '').trim() !== '' &&
      !/^(```|#{1,6}\s|>|\s*([-*]|\d+\.)\s)/.test(lines[i] ?? '')
    )
      para.push(lines[i++] ?? '');
    blocks.push(<p key={key()}>{inline(para.join(' '))}</p>);
  }
  return <div className="qk-md">{blocks}</div>;
}

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, n) => {
    if (/^`[^`]+`$/.test(part)) return <code key={n}>{part.slice(1, -1)}</code>;
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={n}>{part.slice(2, -2)}</strong>;
    return part;
  });
}
