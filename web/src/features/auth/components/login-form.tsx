import { fieldErrors, type TLoginInput, type TMe, ZLoginInput } from '@gavel/contracts';
import * as React from 'react';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { useLogin } from '@/features/auth/queries';
import { ApiError, errorText, fieldErrorsOf, firstMessages } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';

export const LOGIN_FAILED = 'These credentials do not match our records.';
export const LOGIN_THROTTLED = 'Too many login attempts. Please try again later.';
export const LOGIN_UNKNOWN = FALLBACK.general;

function generalMessage(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.status === 401) return errorText(err, LOGIN_FAILED);
    if (err.status === 429) return errorText(err, LOGIN_THROTTLED);
    if (Object.keys(err.errors).length > 0) return null;
  }
  return errorText(err, LOGIN_UNKNOWN);
}

export interface LoginFormProps {
  /** The email to start with (signing in again: the user's own); the password box then takes the focus. */
  email?: string;
  /** Instead of the default (the new user in the `me` query, other users' answers forgotten). */
  onSignedIn?: (me: TMe) => void;
}

/** Email and password sign-in; on success the signed-in user lands in the `me` query. */
export function LoginForm({ email = '', onSignedIn }: LoginFormProps) {
  const [values, setValues] = React.useState<TLoginInput>({ email, password: '' });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [message, setMessage] = React.useState<string | null>(null);
  const login = useLogin(onSignedIn);
  const formRef = React.useRef<HTMLFormElement>(null);

  // A failed submit takes the user to the first field with a message.
  React.useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    setMessage(null);
    const parsed = ZLoginInput.safeParse(values);
    if (!parsed.success) {
      setErrors(firstMessages(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    try {
      await login.mutateAsync(parsed.data);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setMessage(generalMessage(err));
    }
  });

  const change = (field: keyof TLoginInput) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {message && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {message}
        </p>
      )}
      <FormField id="login-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="username"
          value={values.email}
          onChange={change('email')}
          autoFocus={!email}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          autoFocus={!!email}
        />
      </FormField>
      <SubmitButton submitting={submitting} className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
