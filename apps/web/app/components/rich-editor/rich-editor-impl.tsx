import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import type { RichEditorProps } from './rich-editor.tsx';
import { imageFilesOf, insertImages } from './image-files.ts';
import { LinkBar } from './link-bar.tsx';
import { safeLinkUrl } from './link-url.ts';
import { emptyAsBlank, plainToHtml } from './plain-to-html.ts';
import { Toolbar } from './toolbar.tsx';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The editor itself, loaded only in the browser and only by pages that show it (see rich-editor.tsx). */
export default function RichEditorImpl({
  value,
  onChange,
  placeholder,
  'aria-label': ariaLabel,
  minHeight = 240,
}: RichEditorProps) {
  // the HTML this editor last reported: a value equal to it is our own echo, anything else came from outside
  const reported = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;
  const [linking, setLinking] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer nofollow ugc', target: '_blank' },
          isAllowedUri: (url) => safeLinkUrl(url) !== null,
        },
      }),
      Image.configure({ allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: plainToHtml(value),
    editorProps: {
      attributes: {
        class: 'qk-rich-html qk-rich-editor__content',
        'aria-label': ariaLabel ?? '正文',
        'aria-multiline': 'true',
        role: 'textbox',
        style: `min-height:${minHeight}px`,
      },
      handlePaste: (view, event) => {
        const files = imageFilesOf(event.clipboardData);
        if (!files.length || !editorRef.current) return false;
        event.preventDefault();
        void insertImages(editorRef.current, files, undefined, setUploading);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFilesOf(event.dataTransfer);
        if (!files.length || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(editorRef.current, files, at, setUploading);
        return true;
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = emptyAsBlank(e.getHTML());
      reported.current = html;
      change.current(html);
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;

  // a value set from outside (a form reset, a draft loaded later) replaces the text without echoing back
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(plainToHtml(value), { emitUpdate: false });
  }, [editor, value]);

  function openLink() {
    const e = editorRef.current;
    if (!e) return;
    setLinking((e.getAttributes('link').href as string | undefined) ?? '');
  }

  function closeLink() {
    setLinking(null);
    editorRef.current?.commands.focus();
  }

  return (
    <div className="qk-rich-editor">
      {editor ? (
        <Toolbar editor={editor} onLink={openLink} onImage={() => fileInput.current?.click()} />
      ) : (
        <div className="qk-rich-editor__toolbar" aria-hidden="true" />
      )}
      {linking !== null && editor ? (
        <LinkBar
          initial={linking}
          onApply={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            // with nothing selected the address itself becomes the link's text
            if (editor.state.selection.empty && !editor.isActive('link'))
              chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
            else chain.setLink({ href }).run();
            setLinking(null);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setLinking(null);
          }}
          onClose={closeLink}
        />
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-label="选择要插入的图片"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (editor && files.length) void insertImages(editor, files, undefined, setUploading);
        }}
      />
      <EditorContent editor={editor} className="qk-rich-editor__body" />
      <div className="qk-rich-editor__status" aria-live="polite">
        {uploading ? `图片上传中（剩余 ${uploading} 张）…` : ''}
      </div>
    </div>
  );
}
