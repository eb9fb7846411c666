import { LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/cn';

export interface RichTextEditorProps {
  id?: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  /**
   * One line of inline formatting (bold, italic, underline), as motion names allow; the value is then
   * the paragraph's inner HTML.
   */
  inline?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
  onBlur?: () => void;
  /** Focus the editor (at the end of its text) once it is ready, as a form's first field. */
  autoFocus?: boolean;
  /** Shown but not editable (what cannot be saved any more). */
  disabled?: boolean;
}

/**
 * The editor is tiptap and ProseMirror, a large share of the app's code: fetched the first time a form
 * shows one, so that members who only vote never download it.
 */
const TiptapEditor = React.lazy(() =>
  import('@/components/rich-text/tiptap-editor').then((m) => ({ default: m.TiptapEditor })),
);

/** Rich text with a small toolbar: bold, italic, and (not inline) lists. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <React.Suspense fallback={<EditorLoading inline={props.inline ?? false} className={props.className} />}>
      <TiptapEditor {...props} />
    </React.Suspense>
  );
}

/** The field's box at the editor's size while the editor loads, so the form does not jump. */
function EditorLoading({ inline, className }: { inline: boolean; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-md border border-input px-3 text-sm text-muted-foreground shadow-xs',
        inline ? 'min-h-11' : 'min-h-40',
        className,
      )}
    >
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      Loading editor…
    </div>
  );
}
