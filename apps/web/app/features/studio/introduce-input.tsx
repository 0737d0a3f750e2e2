import { RichEditor } from '../../components/rich-editor/rich-editor.tsx';

/**
 * The introduction, written in the rich-text editor and shown on the course page as it looks here. Introductions
 * written before as plain text open as their paragraphs.
 */
export function IntroduceInput({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <RichEditor
      aria-label="介绍"
      value={value}
      onChange={(html) => onChange?.(html)}
      minHeight={260}
      placeholder="适合谁学、能学到什么、课程安排。可以加标题、列表、图片（粘贴或拖入即可上传）、代码和表格。"
    />
  );
}
