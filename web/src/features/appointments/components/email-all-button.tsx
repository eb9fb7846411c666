import { MailIcon } from 'lucide-react';
import { DescribedTooltip } from '@/components/described-tooltip';
import { Button } from '@/components/ui/button';
import { bccMailto } from '@/features/appointments/dashboard-rows';
import { copyToClipboard } from '@/lib/clipboard';

export const EMAIL_ALL_NOBODY = 'Nobody shown has a tentative appointment, so there is nobody to email.';

/**
 * Mail apps drop or cut mailto: links much beyond 2,000 characters (a few dozen addresses); a longer
 * list is copied for pasting into BCC instead of being lost without a word.
 */
export const MAILTO_MAX_LENGTH = 2_000;

export function emailAllHint(count: number, copies: boolean): string {
  const who = count === 1 ? 'the 1 tentative appointee shown' : `the ${count} tentative appointees shown`;
  return copies
    ? `Copies the addresses of ${who}, too many for an email link, to paste into BCC.`
    : `Opens your email app with ${who} in BCC.`;
}

/**
 * 'Email All': until the tentative-appointments email screen exists, a mailto: link with the tentative
 * appointees shown (`emails`, deduplicated) in BCC, or, for a list too long for a link, a copy of the
 * addresses. With nobody to email it stays in place, disabled, and its tooltip says why (aria-disabled
 * rather than disabled, so it can still be focused and hovered). `emails` is undefined while the
 * appointments are not known (loading, or failed): then it is simply disabled, claiming nothing.
 */
export function EmailAllButton({ emails }: { emails: readonly string[] | undefined }) {
  if (emails === undefined) {
    return (
      <Button disabled>
        <MailIcon aria-hidden="true" />
        Email All
      </Button>
    );
  }
  const mailto = bccMailto(emails);
  const copies = mailto.length > MAILTO_MAX_LENGTH;
  const hint = emails.length === 0 ? EMAIL_ALL_NOBODY : emailAllHint(emails.length, copies);
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
      ) : copies ? (
        <Button onClick={() => void copyToClipboard(emails.join(', '))}>{content}</Button>
      ) : (
        <Button asChild>
          <a href={mailto}>{content}</a>
        </Button>
      )}
    </DescribedTooltip>
  );
}
