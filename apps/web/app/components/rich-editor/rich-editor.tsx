import { lazy, Suspense, useEffect, useState } from 'react';
import './rich-html.css';
import './rich-editor.css';

export interface RichEditorProps {
  /** the HTML being edited; '' for nothing */
  value: string;
  /** the new HTML after every change ('' when the text is emptied) */
  onChange(html: string): void;
  placeholder?: string;
  'aria-label'?: string;
  /** the height of the writing area before it grows with its text, in px (240 by default) */
  minHeight?: number;
}

// TipTap and ProseMirror are a large chunk: only pages that show an editor load it, and only in the browser
const Impl = lazy(() => import('./rich-editor-impl.tsx'));

/**
 * A rich-text editor controlled by HTML strings: headings, formatting, lists, quotes, code blocks, links, images
 * (uploaded through the site's image upload when chosen, pasted or dropped) and tables. The server renders a box of
 * the same size that is not editable; the editor replaces it once the page runs. What it writes is cleaned again
 * by the server (decision 39), and shown with `RichHtml`.
 */
export function RichEditor(props: RichEditorProps) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const waiting = (
    <div className="qk-rich-editor" aria-busy="true">
      <div className="qk-rich-editor__toolbar" />
      <div className="qk-rich-editor__body qk-rich-editor__loading" style={{ minHeight: props.minHeight ?? 240 }}>
        编辑器加载中…
      </div>
    </div>
  );
  if (!inBrowser) return waiting;
  return (
    <Suspense fallback={waiting}>
      <Impl {...props} />
    </Suspense>
  );
}
