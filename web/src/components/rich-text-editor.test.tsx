import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '@/components/rich-text-editor';

describe('RichTextEditor', () => {
  it('holds the field with a loading box until the editor (a chunk of its own) has loaded', async () => {
    render(<RichTextEditor aria-label="Body" value="<p>Hello</p>" onChange={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading editor…');
    const editor = await screen.findByRole('textbox', { name: 'Body' });
    expect(editor.textContent).toBe('Hello');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('submits its form on Enter when it is one line (as a text input does); a full editor takes the Enter', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <RichTextEditor inline aria-label="Name" value="Adopt" onChange={() => {}} />
        <RichTextEditor aria-label="Body" value="<p>Text</p>" onChange={() => {}} />
      </form>,
    );
    await user.click(await screen.findByRole('textbox', { name: 'Body' }));
    await user.keyboard('{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Name' }).textContent).toBe('Adopt');
  });
});
