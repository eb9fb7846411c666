import { MailIcon } from 'lucide-react';
import { DescribedTooltip } from '@/components/described-tooltip';
import { Button } from '@/components/ui/button';
import { bccMailto } from '@/features/appointments/dashboard-rows';

export const EMAIL_ALL_NOBODY = 'Nobody shown has a tentative appointment, so there is nobody to email.';

export function emailAllHint(count: number): string {
  return count === 1
    ? 'Opens your email app with the 1 tentative appointee shown in BCC.'
    : `Opens your email app with the ${count} tentative appointees shown in BCC.`;
}

/**
 * 'Email All': until the tentative-appointments email screen exists, a mailto: link with the tentative
 * appointees shown (`emails`, deduplicated) in BCC. With nobody to email it stays in place, disabled,
 * and its tooltip says why (aria-disabled rather than disabled, so it can still be focused and hovered).
 */
export function EmailAllButton({ emails }: { emails: readonly string[] }) {
  const hint = emails.length === 0 ? EMAIL_ALL_NOBODY : emailAllHint(emails.length);
  const content = (
    <>
      <MailIcon aria-hidden="true" />
      Email All
    </>
  );
  return (
    <DescribedTooltip text={hint}>
      {emails.length === 0 ? (
        <Button aria-disabled="true" className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50">
          {content}
        </Button>
      ) : (
        <Button asChild>
          <a href={bccMailto(emails)}>{content}</a>
        </Button>
      )}
    </DescribedTooltip>
  );
}
