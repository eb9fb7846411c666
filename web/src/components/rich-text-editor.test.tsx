import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from '@/components/rich-text-editor';

describe('RichTextEditor', () => {
  it('holds the field with a loading box until the editor (a chunk of its own) has loaded', async () => {
    render(<RichTextEditor aria-label="Body" value="<p>Hello</p>" onChange={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading editor…');
    const editor = await screen.findByRole('textbox', { name: 'Body' });
    expect(editor.textContent).toBe('Hello');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
