import { Input, Segmented } from 'antd';
import { useState } from 'react';
import { RichText } from '../course/rich-text.tsx';

/**
 * The introduction as the course page will show it: plain text keeps its line breaks, and HTML (cleaned by the
 * server when saved) is shown as formatted text. The preview shows exactly that rendering.
 */
export function IntroduceInput({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  return (
    <div className="qk-studio-introduce">
      <Segmented
        size="small"
        value={mode}
        onChange={(v) => setMode(v as 'edit' | 'preview')}
        options={[
          { value: 'edit', label: '编辑' },
          { value: 'preview', label: '预览' },
        ]}
      />
      {mode === 'edit' ? (
        <Input.TextArea
          aria-label="介绍"
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          rows={8}
          maxLength={50_000}
          placeholder="适合谁学、能学到什么、课程安排。换行会保留；也可以写 HTML（如 <p>、<ul>、<strong>）。"
        />
      ) : (
        <div className="qk-studio-introduce__preview">
          {value.trim() ? <RichText source={value} /> : <p className="qk-muted">还没有填写介绍。</p>}
        </div>
      )}
    </div>
  );
}
