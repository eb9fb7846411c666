import { EditorContent, Node, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { BoldIcon, ItalicIcon, ListIcon, ListOrderedIcon, UnderlineIcon } from 'lucide-react';
import * as React from 'react';
import type { RichTextEditorProps } from '@/components/rich-text-editor';
import { cn } from '@/lib/cn';

/** A document of exactly one paragraph: one line. */
const SingleLineDocument = Node.create({ name: 'doc', topNode: true, content: 'paragraph' });

/** An empty tiptap document serialises as an empty paragraph: report it as ''. */
function htmlOf(html: string, inline: boolean): string {
  if (html === '<p></p>') return '';
  if (inline) return html.replace(/^<p>/, '').replace(/<\/p>$/, '');
  return html;
}

function attributesOf(props: RichTextEditorProps, inline: boolean): Record<string, string> {
  const attributes: Record<string, string> = {
    role: 'textbox',
    class: cn('px-3 py-2 outline-none', inline ? 'min-h-9' : 'rich-text min-h-28'),
  };
  if (!inline) attributes['aria-multiline'] = 'true';
  if (props.id) attributes.id = props.id;
  if (props['aria-label']) attributes['aria-label'] = props['aria-label'];
  if (props['aria-labelledby']) attributes['aria-labelledby'] = props['aria-labelledby'];
  if (props['aria-describedby']) attributes['aria-describedby'] = props['aria-describedby'];
  if (props['aria-invalid']) attributes['aria-invalid'] = 'true';
  if (props.disabled) attributes['aria-disabled'] = 'true';
  return attributes;
}

/** Rich text (tiptap 3) with a small toolbar: bold, italic, and (not inline) lists. */
export function TiptapEditor(props: RichTextEditorProps) {
  const { value, onChange, onBlur, className, inline = false, autoFocus = false, disabled = false } = props;
  const invalid = props['aria-invalid'];
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = React.useRef(onBlur);
  onBlurRef.current = onBlur;
  const attributes = attributesOf(props, inline);
  const attributesKey = JSON.stringify(attributes);

  const editor = useEditor({
    extensions: inline
      ? [
          SingleLineDocument,
          StarterKit.configure({
            document: false,
            heading: false,
            codeBlock: false,
            code: false,
            blockquote: false,
            bulletList: false,
            orderedList: false,
            listItem: false,
            listKeymap: false,
            horizontalRule: false,
            hardBreak: false,
            link: false,
          }),
        ]
      : [StarterKit.configure({ heading: false, codeBlock: false, code: false })],
    content: inline ? `<p>${value}</p>` : value,
    immediatelyRender: false,
    editable: !disabled,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes,
      // One line takes no Enter: it submits the form, as Enter in a text input does.
      handleKeyDown: (view, event) => {
        if (!inline || event.key !== 'Enter' || event.shiftKey || event.isComposing) return false;
        view.dom.closest('form')?.requestSubmit();
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e.getHTML(), inline)),
    onBlur: () => onBlurRef.current?.(),
  });

  // Flags (aria-invalid, aria-disabled) change after creation.
  React.useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);
  React.useEffect(() => {
    if (editor && editor.isEditable === disabled) editor.setEditable(!disabled);
  }, [editor, disabled]);

  // A <label> cannot point at a contenteditable: clicking the field's label (for= its id, or the element
  // named by aria-labelledby) focuses the editor instead.
  const id = props.id;
  const labelledBy = props['aria-labelledby'];
  React.useEffect(() => {
    if (!editor) return;
    const labelIds = labelledBy?.split(/\s+/).filter(Boolean) ?? [];
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const label = target.closest('label');
      const labelled = labelIds.some((labelId) => document.getElementById(labelId)?.contains(target));
      if ((id && label?.htmlFor === id) || labelled) editor.commands.focus('end');
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [editor, id, labelledBy]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });

  const tools = [
    {
      label: 'Bold',
      icon: BoldIcon,
      on: active?.bold,
      run: () => editor?.chain().focus().toggleBold().run(),
    },
    {
      label: 'Italic',
      icon: ItalicIcon,
      on: active?.italic,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      label: 'Underline',
      icon: UnderlineIcon,
      on: active?.underline,
      run: () => editor?.chain().focus().toggleUnderline().run(),
    },
    ...(inline
      ? []
      : [
          {
            label: 'Bulleted list',
            icon: ListIcon,
            on: active?.bullet,
            run: () => editor?.chain().focus().toggleBulletList().run(),
          },
          {
            label: 'Numbered list',
            icon: ListOrderedIcon,
            on: active?.ordered,
            run: () => editor?.chain().focus().toggleOrderedList().run(),
          },
        ]),
  ];

  const toolbar = (
    <div
      role="toolbar"
      aria-label={inline ? 'Name formatting' : 'Formatting'}
      className={cn('flex gap-1 px-1 py-1', inline ? 'border-l' : 'border-b')}
    >
      {tools.map((tool) => (
        <button
          key={tool.label}
          type="button"
          aria-label={tool.label}
          aria-pressed={tool.on ?? false}
          disabled={disabled}
          onClick={tool.run}
          className={cn(
            'inline-flex size-9 items-center justify-center rounded-md hover:bg-accent disabled:pointer-events-none disabled:opacity-50',
            tool.on && 'bg-accent',
          )}
        >
          <tool.icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );

  return (
    <div
      className={cn(
        'rounded-md border border-input shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        invalid && 'border-destructive ring-destructive/20',
        disabled && 'cursor-not-allowed bg-muted/50 text-muted-foreground',
        inline && 'flex items-stretch',
        className,
      )}
    >
      {!inline && toolbar}
      <EditorContent editor={editor} className={cn('text-sm', inline && 'min-w-0 flex-1 self-center')} />
      {/* One line: the toolbar follows the text, on screen and in the tab order. */}
      {inline && toolbar}
    </div>
  );
}
