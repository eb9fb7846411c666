import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { EmailAllButton, MAILTO_MAX_LENGTH } from '@/features/appointments/components/email-all-button';

function renderButton(emails: string[]) {
  render(
    <>
      <EmailAllButton emails={emails} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

const description = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('EmailAllButton', () => {
  it('opens the email app with a short list in BCC', () => {
    renderButton(['ada@example.org', 'grace@example.org']);
    const link = screen.getByRole('link', { name: 'Email All' });
    expect(link.getAttribute('href')).toBe('mailto:?bcc=ada%40example.org,grace%40example.org');
    expect(description(link)).toBe('Opens your email app with the 2 tentative appointees shown in BCC.');
  });

  it('copies a list too long for an email link instead', async () => {
    const emails = Array.from({ length: 120 }, (_, i) => `delegate.number.${i}@example.org`);
    expect(`mailto:?bcc=${emails.join(',')}`.length).toBeGreaterThan(MAILTO_MAX_LENGTH);
    const user = renderButton(emails);
    expect(screen.queryByRole('link', { name: 'Email All' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Email All' });
    expect(description(button)).toBe(
      'Copies the addresses of the 120 tentative appointees shown, too many for an email link, to paste into BCC.',
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith(emails.join(', '));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('stays in place, disabled, with nobody to email', () => {
    renderButton([]);
    const button = screen.getByRole('button', { name: 'Email All' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(description(button)).toBe(
      'Nobody shown has a tentative appointment, so there is nobody to email.',
    );
  });
});
