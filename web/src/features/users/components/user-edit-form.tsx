import {
  ADMIN_ROLES,
  fieldErrors,
  ROLE_ADMIN,
  ROLE_GLOBAL_ADMIN,
  ROLE_SITE_ADMIN,
  type TRole,
  type TUserEditView,
  ZUserUpdateInput,
} from '@gavel/contracts';
import * as React from 'react';
import { toast } from 'sonner';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCurrentUser } from '@/features/auth/queries';
import type { UserUpdateBody } from '@/features/users/api';
import { useUpdateUser } from '@/features/users/queries';
import { errorText, fieldErrorsOf, firstMessages } from '@/lib/api-client';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/lib/use-unsaved-changes';

export const SAVE_SUCCESS = 'Saved';
export const SAVE_ERROR_TITLE = 'Error Saving User';
export const SAVE_ERROR_FALLBACK = 'Unknown Save Error... Please try again.';
export const ownAdminRoleNote = (role: string) =>
  `You cannot remove your own ${role} role. Another admin can.`;

/**
 * What a role grants, in words: a global admin passes every check whatever its list says; site admin and
 * admin manage users on top of their list.
 */
export function roleGrants(role: Pick<TRole, 'name' | 'permissions'>): string {
  if (role.name === ROLE_GLOBAL_ADMIN) return 'Every permission';
  const listed = role.permissions.map((p) => p.name).join(', ');
  if (role.name === ROLE_SITE_ADMIN || role.name === ROLE_ADMIN) {
    return listed ? `Manages users; ${listed}` : 'Manages users';
  }
  return listed || 'No permissions';
}

type TextField = 'first_name' | 'last_name' | 'displayed_first_name' | 'nickname' | 'email';

const TEXT_FIELDS: { name: TextField; label: string; type?: string; autoComplete: string; hint?: string }[] =
  [
    { name: 'first_name', label: 'First name', autoComplete: 'off' },
    { name: 'last_name', label: 'Last name', autoComplete: 'off' },
    {
      name: 'displayed_first_name',
      label: 'Displayed first name',
      autoComplete: 'off',
      hint: 'Shown instead of the first name when set.',
    },
    { name: 'nickname', label: 'Nickname', autoComplete: 'off' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  ];

type FormValues = Record<TextField, string> & { roles: string[] };

function initialValues({ user, own_displayed_first_name, roles }: TUserEditView): FormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    // Empty unless set: the shown fallback (the first name) sent back would pin the old first name.
    displayed_first_name: own_displayed_first_name ?? '',
    nickname: user.nickname ?? '',
    email: user.email,
    roles: [...roles],
  };
}

/** Optional names are sent as null when left empty. */
function toBody(values: FormValues): UserUpdateBody {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    displayed_first_name: optional(values.displayed_first_name),
    nickname: optional(values.nickname),
    email: values.email.trim(),
    roles: values.roles,
  };
}

export function UserEditForm({ view }: { view: TUserEditView }) {
  const userId = view.user.id;
  const isSelf = useCurrentUser().principal.userId === userId;
  const [values, setValues] = React.useState<FormValues>(() => initialValues(view));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const update = useUpdateUser(userId);
  // Leaving with changes not saved asks first; once saved, what was sent is the form's baseline.
  const unsaved = useUnsavedChanges(values);
  const formRef = React.useRef<HTMLFormElement>(null);

  // A failed submit takes the user to the first field with a message.
  React.useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    const body = toBody(values);
    const parsed = ZUserUpdateInput.safeParse({ id: userId, ...body });
    if (!parsed.success) {
      setErrors(firstMessages(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    try {
      await unsaved.saving(
        () => update.mutateAsync(body),
        () => values,
      );
      toast.success(SAVE_SUCCESS);
    } catch (err) {
      const perField = fieldErrorsOf(err);
      setErrors(perField);
      // Field messages show under their inputs; anything else needs the dialog.
      if (Object.keys(perField).length === 0) setFailure(errorText(err, SAVE_ERROR_FALLBACK));
    }
  });

  const setText = (name: TextField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const setRole = (role: string, on: boolean) =>
    setValues((current) => ({
      ...current,
      roles: on
        ? [...current.roles.filter((name) => name !== role), role]
        : current.roles.filter((name) => name !== role),
    }));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={`user-${field.name}`}
            label={field.label}
            error={errors[field.name]}
            hint={field.hint}
          >
            <Input
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={setText(field.name)}
            />
          </FormField>
        ))}
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Roles</legend>
        {view.available_roles.length === 0 && (
          <p className="text-sm text-muted-foreground">This association has no roles to assign.</p>
        )}
        {view.available_roles.map((role) => {
          const id = `role-${role.id}`;
          // The server refuses it too: the last global admin must not lock the association out.
          const ownAdminRole = isSelf && ADMIN_ROLES.includes(role.name) && view.roles.includes(role.name);
          return (
            <div key={role.id} className="flex items-start gap-3">
              <Switch
                id={id}
                checked={values.roles.includes(role.name)}
                onCheckedChange={(on) => setRole(role.name, on)}
                disabled={ownAdminRole}
                aria-describedby={ownAdminRole ? `${id}-permissions ${id}-own` : `${id}-permissions`}
              />
              <div className="flex min-w-0 flex-col gap-1">
                <Label htmlFor={id}>{role.name}</Label>
                <p id={`${id}-permissions`} className="text-xs text-muted-foreground">
                  {roleGrants(role)}
                </p>
                {ownAdminRole && (
                  <p id={`${id}-own`} className="text-xs text-muted-foreground">
                    {ownAdminRoleNote(role.name)}
                  </p>
                )}
              </div>
            </div>
          );
        })}
        {errors.roles && <p className="text-sm text-destructive">{errors.roles}</p>}
      </fieldset>

      <div>
        <SubmitButton submitting={submitting}>Save</SubmitButton>
      </div>

      <ErrorDialog title={SAVE_ERROR_TITLE} message={failure} onClose={() => setFailure(null)} />
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </form>
  );
}
