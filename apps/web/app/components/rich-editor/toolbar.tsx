import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';

interface ToolProps {
  label: string;
  /** a shortcut shown in the tooltip */
  keys?: string;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

function Tool({ label, keys, active, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      className={`qk-rich-editor__tool${active ? ' is-active' : ''}`}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      title={keys ? `${label}（${keys}）` : label}
      disabled={disabled}
      // keep the editor's selection: a click on the toolbar must not blur the text first
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const Divider = () => <span className="qk-rich-editor__divider" aria-hidden="true" />;

interface ToolbarProps {
  editor: Editor;
  onLink(): void;
  onImage(): void;
}

/**
 * The formatting buttons; the table's row and column buttons appear while the cursor is in a table. A button showing
 * text has a name that begins with that text, so a person saying what they see reaches it by voice.
 */
export function Toolbar({ editor, onLink, onImage }: ToolbarProps) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  return (
    <div className="qk-rich-editor__toolbar" role="toolbar" aria-label="格式工具栏">
      <Tool label="H2 二级标题" active={s.h2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label="H3 三级标题" active={s.h3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Divider />
      <Tool label="加粗" keys="Ctrl+B" active={s.bold} onClick={() => run().toggleBold().run()}>
        <BoldOutlined />
      </Tool>
      <Tool label="斜体" keys="Ctrl+I" active={s.italic} onClick={() => run().toggleItalic().run()}>
        <ItalicOutlined />
      </Tool>
      <Tool label="删除线" keys="Ctrl+Shift+S" active={s.strike} onClick={() => run().toggleStrike().run()}>
        <StrikethroughOutlined />
      </Tool>
      <Tool label="行内代码" keys="Ctrl+E" active={s.code} onClick={() => run().toggleCode().run()}>
        <CodeOutlined />
      </Tool>
      <Divider />
      <Tool label="无序列表" active={s.bullet} onClick={() => run().toggleBulletList().run()}>
        <UnorderedListOutlined />
      </Tool>
      <Tool label="有序列表" active={s.ordered} onClick={() => run().toggleOrderedList().run()}>
        <OrderedListOutlined />
      </Tool>
      <Tool label="引用" active={s.quote} onClick={() => run().toggleBlockquote().run()}>
        引用
      </Tool>
      <Tool label="代码块" active={s.codeBlock} onClick={() => run().toggleCodeBlock().run()}>
        {'</>'}
      </Tool>
      <Divider />
      <Tool label="链接" keys="Ctrl+K" active={s.link} onClick={onLink}>
        <LinkOutlined />
      </Tool>
      <Tool label="插入图片" onClick={onImage}>
        <PictureOutlined />
      </Tool>
      <Tool
        label="插入表格"
        disabled={s.table}
        onClick={() => run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        <TableOutlined />
      </Tool>
      {s.table ? (
        <>
          <Tool label="在下方插入行" onClick={() => run().addRowAfter().run()}>
            +行
          </Tool>
          <Tool label="删除当前行" onClick={() => run().deleteRow().run()}>
            −行
          </Tool>
          <Tool label="在右侧插入列" onClick={() => run().addColumnAfter().run()}>
            +列
          </Tool>
          <Tool label="删除当前列" onClick={() => run().deleteColumn().run()}>
            −列
          </Tool>
          <Tool label="删除表格" onClick={() => run().deleteTable().run()}>
            删除表格
          </Tool>
        </>
      ) : null}
      <Divider />
      <Tool label="撤销" keys="Ctrl+Z" disabled={!s.undo} onClick={() => run().undo().run()}>
        <UndoOutlined />
      </Tool>
      <Tool label="重做" keys="Ctrl+Shift+Z" disabled={!s.redo} onClick={() => run().redo().run()}>
        <RedoOutlined />
      </Tool>
    </div>
  );
}
