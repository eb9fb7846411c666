import type { TUserSearchResult } from '@gavel/contracts';
import { SearchIcon, UserPlusIcon } from 'lucide-react';
import * as React from 'react';
import { ChoiceSelect } from '@/components/choice-select';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { MEETING_TEXT, VIA_LABEL, type Via } from '@/features/meetings/meeting-rules';
import { useUserSearch } from '@/features/meetings/queries';
import { USER_SEARCH_MAX_LENGTH, type UserSearchCriteria } from '@/features/users/api';
import { errorText } from '@/lib/api-client';

const EMPTY: UserSearchCriteria = { nrds: '', first_name: '', last_name: '', email: '' };
const FIELDS: { key: keyof UserSearchCriteria; label: string }[] = [
  { key: 'nrds', label: 'NRDS ID' },
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'email', label: 'Email' },
];

function sameCriteria(a: UserSearchCriteria, b: UserSearchCriteria): boolean {
  return FIELDS.every(({ key }) => a[key] === b[key]);
}

export interface AddNonCommitteeMemberDialogProps {
  modes: Via[];
  /** User ids already in the lists. */
  listed: ReadonlySet<string>;
  /** Before the meeting the user is added as attending (an RSVP); during it, checked in. */
  purpose: 'rsvp' | 'check-in';
  /** Adds the user; resolves true when it worked (the panel shows toasts and errors). */
  onAdd: (user: TUserSearchResult, via: Via) => Promise<boolean>;
}

const DESCRIPTION: Record<AddNonCommitteeMemberDialogProps['purpose'], string> = {
  rsvp: 'Search for a user to add to this meeting as attending.',
  'check-in': 'Search for a user to check in to this meeting.',
};

/** Phones get 44 px touch targets (as the rest of the phone layout); a small button keeps its 32 px from sm. */
const TOUCH_SM = 'min-h-11 sm:min-h-8';

/** Add non-committee member: search users by NRDS, names or email, then add one (RSVP or check-in). */
export function AddNonCommitteeMemberDialog({
  modes,
  listed,
  purpose,
  onAdd,
}: AddNonCommitteeMemberDialogProps) {
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<UserSearchCriteria>(EMPTY);
  const [criteria, setCriteria] = React.useState<UserSearchCriteria | null>(null);
  const [noCriteria, setNoCriteria] = React.useState(false);
  const [via, setVia] = React.useState<Via>(modes[0] ?? 'in_person');
  const [adding, setAdding] = React.useState<string | null>(null);
  const search = useUserSearch(criteria);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(draft).map(([k, v]) => [k, v.trim()]),
    ) as unknown as UserSearchCriteria;
    if (Object.values(trimmed).every((v) => v === '')) {
      setNoCriteria(true);
      setCriteria(null);
      return;
    }
    setNoCriteria(false);
    // Answers are kept per search combination, but a failed one is no answer: the same search asks again.
    if (search.isError && criteria !== null && sameCriteria(criteria, trimmed)) void search.refetch();
    else setCriteria(trimmed);
  }

  async function add(user: TUserSearchResult) {
    setAdding(user.id);
    const ok = await onAdd(user, via);
    setAdding(null);
    if (ok) setOpen(false);
  }

  let notice: string | null = null;
  if (noCriteria) notice = MEETING_TEXT.noCriteria;
  else if (search.isError) notice = errorText(search.error, MEETING_TEXT.searchError);
  else if (search.data && search.data.length === 0) notice = MEETING_TEXT.noUsers;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setDraft(EMPTY);
          setCriteria(null);
          setNoCriteria(false);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className={TOUCH_SM}>
          <UserPlusIcon aria-hidden="true" />
          Add Non-Committee Member
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Non-Committee Member</DialogTitle>
          <DialogDescription>{DESCRIPTION[purpose]}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="User search">
          {FIELDS.map((field) => (
            <FormField key={field.key} id={`add-member-${field.key}`} label={field.label}>
              <Input
                value={draft[field.key]}
                onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
                autoComplete="off"
                // Each criterion has the server's bound of the free-text search.
                maxLength={USER_SEARCH_MAX_LENGTH}
              />
            </FormField>
          ))}
          {modes.length > 1 && (
            <FormField id="add-member-via" label="Attending via" className="sm:col-span-2">
              <ChoiceSelect
                value={via}
                onChange={(v) => setVia(v as Via)}
                options={modes.map((m) => ({ value: m, label: VIA_LABEL[m] }))}
              />
            </FormField>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={search.isFetching} className="min-h-11 sm:min-h-9">
              <SearchIcon aria-hidden="true" />
              Search
            </Button>
          </div>
        </form>
        <div aria-live="polite">
          {notice && <p className="text-sm text-muted-foreground">{notice}</p>}
          {search.isFetching && <p className="text-sm text-muted-foreground">Searching…</p>}
        </div>
        {search.data && search.data.length > 0 && (
          <ul className="flex flex-col divide-y" aria-label="Search results">
            {search.data.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-medium">{user.name}</span>
                  <span className="block text-xs text-muted-foreground break-all">
                    {[user.nrds, user.email].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Button
                  size="sm"
                  className={TOUCH_SM}
                  disabled={listed.has(user.id) || adding !== null}
                  onClick={() => void add(user)}
                  aria-label={`Add ${user.name}`}
                >
                  {listed.has(user.id) ? 'Listed' : 'Add'}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter />
      </DialogContent>
    </Dialog>
  );
}
