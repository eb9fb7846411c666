import { BYPASS_CODE_LENGTH } from '@gavel/contracts';
import * as React from 'react';
import { useNavigate } from 'react-router';
import { ErrorDialog } from '@/components/error-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useBypassCode } from '@/features/auth/queries';
import { ApiError, errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { isSitePath } from '@/lib/redirect';

export const BYPASS_ERROR_TITLE = 'Unknown Error';
export const BYPASS_ERROR_FALLBACK = 'Please try again...';
export const BYPASS_SUCCESS = 'Success!';
/** How long 'Success!' shows before the page moves on. */
export const BYPASS_REDIRECT_DELAY_MS = 800;

const NOT_ALNUM = /[^A-Za-z0-9]/g;
const ALNUM_KEY = /^[A-Za-z0-9]$/;
const POSITIONS = Array.from({ length: BYPASS_CODE_LENGTH }, (_, position) => position);
const EMPTY: readonly string[] = POSITIONS.map(() => '');

type Status = 'idle' | 'checking' | 'invalid' | 'success';

/** Answers that come before the code is looked at: a timeout, a stale CSRF token, a rate limit. */
const UNCHECKED_STATUSES: readonly number[] = [408, 419, 429];

/**
 * True when the server checked the code and refused it (a 4xx such as 400, 401, 404 or 422). A rate
 * limit, a server failure or no answer at all says nothing about the code: it is kept to send again.
 */
function codeRefused(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    !UNCHECKED_STATUSES.includes(err.status)
  );
}

/** Takes the character the user added to a box that already held `old` (caret before or after it). */
function addedText(value: string, old: string): string {
  if (!old || value.length <= old.length) return value;
  if (value.startsWith(old)) return value.slice(old.length);
  if (value.endsWith(old)) return value.slice(0, -old.length);
  return value;
}

/**
 * The 'Enter Bypass Code' card: six boxes of one letter or digit each. Typing moves on, Backspace moves
 * back, a paste spreads across the boxes, and filling the last box sends the code once. Letters show
 * upper-case, as codes are issued. A failure marks the code invalid and opens an error dialog (spec). When
 * the server refused the code, closing the dialog empties the boxes for another try; otherwise (rate
 * limited, server or network failure) the code stays as typed, to send again.
 */
export function BypassCodeCard({
  onSend,
}: {
  /** Hears that a code is being sent: from then on, a signed-in user may be the one it signs in. */
  onSend?: () => void;
}) {
  const [chars, setChars] = React.useState<readonly string[]>(EMPTY);
  const [status, setStatus] = React.useState<Status>('idle');
  const [error, setError] = React.useState<string | null>(null);
  const [redirectTo, setRedirectTo] = React.useState<string | null>(null);
  const boxes = React.useRef<(HTMLInputElement | null)[]>([]);
  const inFlight = React.useRef(false);
  /** The last failure said nothing about the code (see codeRefused): closing its dialog keeps it. */
  const keepCode = React.useRef(false);
  const bypass = useBypassCode();
  const navigate = useNavigate();

  React.useEffect(() => {
    if (redirectTo === null) return;
    const timer = window.setTimeout(() => {
      // Only a path of this site (the server issues no other): an address elsewhere goes home.
      navigate(isSitePath(redirectTo) ? redirectTo : '/', { replace: true });
    }, BYPASS_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, BYPASS_CODE_LENGTH - 1))];
    box?.focus();
    box?.select();
  };

  const submit = (code: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus('checking');
    onSend?.();
    bypass.mutate(code, {
      onSuccess: ({ to }) => {
        setStatus('success');
        setRedirectTo(to);
      },
      onError: (err) => {
        keepCode.current = !codeRefused(err);
        setStatus('invalid');
        setError(errorText(err, BYPASS_ERROR_FALLBACK));
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const update = (next: string[], focusIndex: number) => {
    setChars(next);
    if (status === 'invalid') setStatus('idle');
    focusBox(focusIndex);
    if (next.every((char) => char !== '')) submit(next.join(''));
  };

  /** Writes `text` into the boxes from `start` on and focuses the box after the last one written. */
  const spread = (text: string, start: number) => {
    const next = [...chars];
    let index = start;
    for (const char of text) {
      if (index >= BYPASS_CODE_LENGTH) break;
      next[index] = char.toUpperCase();
      index += 1;
    }
    update(next, index);
  };

  const locked = status === 'checking' || status === 'success';

  const clearBox = (index: number) => {
    const next = [...chars];
    next[index] = '';
    setChars(next);
    if (status === 'invalid') setStatus('idle');
  };

  const onChange = (index: number) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    if (raw === '') return clearBox(index);
    const typed = addedText(raw.replace(NOT_ALNUM, ''), chars[index] ?? '');
    if (typed !== '') spread(typed, index);
  };

  const onKeyDown = (index: number) => (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (chars[index]) {
        clearBox(index);
      } else if (index > 0) {
        clearBox(index - 1);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (
      ALNUM_KEY.test(event.key) &&
      event.key.toUpperCase() === chars[index] &&
      !event.ctrlKey &&
      !event.metaKey
    ) {
      // Typing the character a box already holds changes nothing, so no change event: just move on. In
      // the last box of a full code it sends the code again (one kept after a rate limit, say).
      event.preventDefault();
      focusBox(index + 1);
      if (index === BYPASS_CODE_LENGTH - 1 && chars.every((char) => char !== '')) submit(chars.join(''));
    }
  };

  const onPaste = (index: number) => (event: React.ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (locked) return;
    const text = event.clipboardData.getData('text').replace(NOT_ALNUM, '');
    if (text === '') return;
    spread(text, text.length >= BYPASS_CODE_LENGTH ? 0 : index);
  };

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle>Enter Bypass Code</CardTitle>
        <CardDescription id="bypass-code-help">
          Enter the {BYPASS_CODE_LENGTH}-character code you received. Letters and digits only.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <fieldset aria-describedby="bypass-code-help" className="flex gap-1.5 sm:gap-2">
          <legend className="sr-only">Bypass code</legend>
          {POSITIONS.map((index) => (
            <Input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              value={chars[index] ?? ''}
              onChange={onChange(index)}
              onKeyDown={onKeyDown(index)}
              onPaste={onPaste(index)}
              onFocus={(event) => event.currentTarget.select()}
              readOnly={locked}
              autoFocus={index === 0}
              aria-label={`Character ${index + 1} of ${BYPASS_CODE_LENGTH}`}
              aria-invalid={status === 'invalid' || undefined}
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              inputMode="text"
              className={cn(
                'h-12 w-10 px-0 text-center font-mono text-lg sm:w-12',
                status === 'invalid' && 'border-destructive bg-destructive/5 text-destructive',
                status === 'success' && 'border-success',
              )}
            />
          ))}
        </fieldset>
        <p role="status" aria-live="polite" className="min-h-5 text-sm">
          {status === 'checking' && <span className="text-muted-foreground">Checking code…</span>}
          {status === 'success' && <span className="font-medium text-success">{BYPASS_SUCCESS}</span>}
        </p>
      </CardContent>
      <ErrorDialog
        title={BYPASS_ERROR_TITLE}
        message={error}
        onClose={() => {
          // After a refused code, a fresh start: the boxes empty (still marked invalid until the user
          // types) so that retyping the code does not send a half-corrected one after the first keystroke.
          setError(null);
          if (status === 'invalid' && !keepCode.current) setChars(EMPTY);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusBox(0);
        }}
      />
    </Card>
  );
}
