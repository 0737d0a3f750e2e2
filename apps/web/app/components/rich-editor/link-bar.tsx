import { useState } from 'react';
import { LINK_REFUSED, safeLinkUrl } from './link-url.ts';

interface LinkBarProps {
  initial: string;
  onApply(url: string): void;
  onRemove(): void;
  onClose(): void;
}

/** The address of the link under the cursor, asked for below the toolbar; Enter applies, Esc cancels. */
export function LinkBar({ initial, onApply, onRemove, onClose }: LinkBarProps) {
  const [url, setUrl] = useState(initial);
  const [problem, setProblem] = useState('');
  const apply = () => {
    const safe = safeLinkUrl(url);
    if (!safe) return setProblem(LINK_REFUSED);
    onApply(safe);
  };
  return (
    <div className="qk-rich-editor__linkbar">
      <input
        autoFocus
        type="text"
        inputMode="url"
        aria-label="链接地址"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'qk-rich-editor-link-problem' : undefined}
        placeholder="https://"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setProblem('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
      />
      <button type="button" className="qk-rich-editor__action is-primary" onClick={apply}>
        确定
      </button>
      {initial ? (
        <button type="button" className="qk-rich-editor__action" onClick={onRemove}>
          移除链接
        </button>
      ) : null}
      <button type="button" className="qk-rich-editor__action" onClick={onClose}>
        取消
      </button>
      {problem ? (
        <div id="qk-rich-editor-link-problem" className="qk-rich-editor__problem" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
