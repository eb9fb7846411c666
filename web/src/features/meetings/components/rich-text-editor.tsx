import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { BoldIcon, ItalicIcon, ListIcon, ListOrderedIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A small tiptap editor (HTML in, HTML out); the services sanitise what is stored. */
export function RichTextEditor({ value, onChange, id, ...aria }: RichTextEditorProps) {
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(aria['aria-label'] ? { 'aria-label': aria['aria-label'] } : {}),
        ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
        ...(aria['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text min-h-32 px-3 py-2 text-sm outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });

  const tools = [
    { label: 'Bold', icon: BoldIcon, run: () => editor?.chain().focus().toggleBold().run(), active: 'bold' },
    {
      label: 'Italic',
      icon: ItalicIcon,
      run: () => editor?.chain().focus().toggleItalic().run(),
      active: 'italic',
    },
    {
      label: 'Bulleted list',
      icon: ListIcon,
      run: () => editor?.chain().focus().toggleBulletList().run(),
      active: 'bulletList',
    },
    {
      label: 'Numbered list',
      icon: ListOrderedIcon,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
      active: 'orderedList',
    },
  ];

  return (
    <div
      className={cn(
        'rounded-md border focus-within:ring-[3px] focus-within:ring-ring/50',
        aria['aria-invalid'] && 'border-destructive',
      )}
    >
      <div role="toolbar" aria-label="Formatting" className="flex gap-1 border-b p-1">
        {tools.map((tool) => (
          <Button
            key={tool.label}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={tool.label}
            aria-pressed={editor?.isActive(tool.active) ?? false}
            onClick={tool.run}
          >
            <tool.icon aria-hidden="true" />
          </Button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
