import { type TAppointmentStatus, type TCommittee, type TMembership } from '@gavel/contracts';
import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { toast } from 'sonner';
import { ConfirmDialog, DELETE_CONFIRM_TITLE, DELETE_CONFIRM_YES } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { ListSearch, noMatchesText } from '@/components/list-search';
import { EmptyText, ErrorState, LoadingState } from '@/components/page-status';
import { LIST_PAGE, ShowMore, usePaged } from '@/components/show-more';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { UserAvatar, useAvatarLinks } from '@/components/user-avatar';
import { AddMemberDialog, EditMemberDialog } from '@/features/committees/components/member-dialogs';
import { buildMembersCsv, membersCsvFileName } from '@/features/committees/members-csv';
import { useMembers, useRemoveMember } from '@/features/committees/queries';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadCsv } from '@/lib/csv';
import { FALLBACK } from '@/lib/messages';
import { matchesWords } from '@/lib/search';
import { useFocusWhenReady } from '@/lib/use-restore-focus';

export const NO_MEMBERS = 'This committee has no members yet.';
export const REMOVE_ERROR_TITLE = 'Error Removing Member';

const STATUS_VARIANT: Record<TAppointmentStatus, 'default' | 'secondary' | 'outline'> = {
  Accepted: 'default',
  Tentative: 'secondary',
  Declined: 'outline',
};

/**
 * Below 48rem of card width (a phone, or a narrow window beside the sidebar) each member is a stacked
 * row instead of a wide table row: the avatar at the left; the name; the email; position, demographic,
 * voting and status side by side (wrapping); Edit and Remove at the end of the last line.
 */
const STACK = {
  table: '@max-3xl:block',
  // Out of sight, still read as the column headers.
  header: '@max-3xl:sr-only',
  body: '@max-3xl:block',
  row: '@max-3xl:relative @max-3xl:flex @max-3xl:flex-wrap @max-3xl:items-center @max-3xl:gap-x-3 @max-3xl:gap-y-1 @max-3xl:py-3 @max-3xl:pl-11',
  avatar: '@max-3xl:absolute @max-3xl:top-3 @max-3xl:left-0 @max-3xl:p-0',
  // A line of its own.
  line: '@max-3xl:min-w-0 @max-3xl:basis-full @max-3xl:whitespace-normal @max-3xl:break-words @max-3xl:p-0',
  detail: '@max-3xl:p-0',
  labelled:
    '@max-3xl:before:mr-1 @max-3xl:before:text-muted-foreground @max-3xl:before:content-[attr(data-label)]',
  actions: '@max-3xl:ml-auto @max-3xl:p-0',
};

/** The members table; with 'edit committees' also Add Member, Edit and Remove. */
export function MembersSection({
  committee,
  year,
  canEdit,
}: {
  committee: TCommittee;
  /** The page's ?year=, as the committee was read. */
  year?: number;
  canEdit: boolean;
}) {
  const linkAvatars = useAvatarLinks();
  const members = useMembers(committee.code, year);
  const remove = useRemoveMember(committee.code, committee.year ?? undefined);
  const [adding, setAdding] = React.useState(false);
  const [editing, setEditing] = React.useState<TMembership | null>(null);
  const [removing, setRemoving] = React.useState<TMembership | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [query, setQuery] = React.useState('');
  const all = members.data ?? [];
  const found = query
    ? all.filter((m) =>
        matchesWords([m.user.name, m.user.email, m.position, m.demographic, m.appointment_status], query),
      )
    : all;
  // A convention's committee: a page of rows at a time, and a search once there is more than one page.
  const paged = usePaged(found, query);
  const searchable = all.length > LIST_PAGE;
  const addButton = React.useRef<HTMLButtonElement>(null);
  const removeButtons = React.useRef(new Map<string, HTMLButtonElement>());
  const afterRemove = useFocusWhenReady();

  function confirmRemove() {
    const member = removing;
    setRemoving(null);
    if (!member) return;
    const list = members.data ?? [];
    const index = list.findIndex((m) => m.id === member.id);
    const neighbour = list[index + 1] ?? list[index - 1];
    remove.mutate(member.id, {
      onSuccess: () => {
        // Focus was on the removed member's row, which goes once the list has reloaded: it moves on to the
        // next member's Remove (else the one before, else Add Member).
        afterRemove.request(() => {
          const buttons = removeButtons.current;
          if (buttons.has(member.id)) return null;
          return (neighbour && buttons.get(neighbour.id)) || addButton.current;
        });
        toast.success('Member Removed');
      },
      onError: (err) => setFailure(errorText(err, FALLBACK.delete)),
    });
  }

  const showDemographic = committee.has_demographic;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          Voting follows the position's voting rights.
          {linkAvatars && " The avatar opens the user's edit page."}
        </CardDescription>
        {members.data && (members.data.length > 0 || canEdit) && (
          <CardAction className="flex flex-wrap gap-2">
            {members.data.length > 0 && (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  downloadCsv(buildMembersCsv(committee, members.data), membersCsvFileName(committee))
                }
              >
                <DownloadIcon aria-hidden="true" />
                CSV Export
              </Button>
            )}
            {canEdit && (
              <Button ref={addButton} size="sm" onClick={() => setAdding(true)}>
                <PlusIcon aria-hidden="true" />
                Add Member
              </Button>
            )}
          </CardAction>
        )}
      </CardHeader>
      {/* A container: the table stacks each member when the card is too narrow for its columns. */}
      <CardContent className="@container">
        {members.isPending && <LoadingState />}
        {members.isError && (
          <ErrorState
            message={errorText(members.error, FALLBACK.retrieve)}
            error={members.error}
            onRetry={() => void members.refetch()}
          />
        )}
        {members.data?.length === 0 && <EmptyText>{NO_MEMBERS}</EmptyText>}
        {searchable && <ListSearch noun="members" value={query} onChange={setQuery} className="mb-3" />}
        {searchable && found.length === 0 && <EmptyText>{noMatchesText('members')}</EmptyText>}
        {found.length > 0 && (
          <Table aria-label="Members" className={STACK.table}>
            <TableHeader className={STACK.header}>
              <TableRow>
                <TableHead>
                  <span className="sr-only">Picture</span>
                </TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Position</TableHead>
                {showDemographic && <TableHead>{committee.demographic_name ?? 'Demographic'}</TableHead>}
                <TableHead>Voting</TableHead>
                <TableHead>Status</TableHead>
                {canEdit && (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody className={STACK.body}>
              {paged.shown.map((member) => (
                <TableRow key={member.id} className={STACK.row}>
                  <TableCell className={STACK.avatar}>
                    <UserAvatar user={member.user} link={linkAvatars} />
                  </TableCell>
                  <TableCell className={cn('font-medium', STACK.line)}>{member.user.name}</TableCell>
                  <TableCell className={cn(STACK.line, '@max-3xl:break-all')}>
                    <a className="hover:underline" href={`mailto:${member.user.email}`}>
                      {member.user.email}
                    </a>
                  </TableCell>
                  <TableCell className={STACK.detail}>
                    {member.position}
                    {/* As the Edit dialog shows a position the committee has since dropped. */}
                    {!committee.positions.includes(member.position) && (
                      <span className="text-muted-foreground"> (not a position)</span>
                    )}
                  </TableCell>
                  {showDemographic && (
                    <TableCell
                      // Stacked, the value is named (no column header) and left out when there is none.
                      data-label={`${committee.demographic_name ?? 'Demographic'}:`}
                      className={cn(
                        STACK.detail,
                        STACK.labelled,
                        member.demographic === null && '@max-3xl:hidden',
                      )}
                    >
                      {member.demographic ?? '—'}
                    </TableCell>
                  )}
                  <TableCell className={STACK.detail}>{member.is_voting ? 'Voting' : 'Non-voting'}</TableCell>
                  <TableCell className={STACK.detail}>
                    <Badge variant={STATUS_VARIANT[member.appointment_status]}>
                      {member.appointment_status}
                    </Badge>
                  </TableCell>
                  {canEdit && (
                    <TableCell className={STACK.actions}>
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${member.user.name}`}
                          onClick={() => setEditing(member)}
                        >
                          <PencilIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          ref={(button) => {
                            if (button) removeButtons.current.set(member.id, button);
                            else removeButtons.current.delete(member.id);
                          }}
                          aria-label={`Remove ${member.user.name}`}
                          disabled={remove.isPending && remove.variables === member.id}
                          onClick={() => setRemoving(member)}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <ShowMore shown={paged.shown.length} total={paged.total} noun="members" onShowMore={paged.showMore} />
      </CardContent>
      {canEdit && members.data && (
        <>
          <AddMemberDialog
            committee={committee}
            members={members.data}
            open={adding}
            onOpenChange={setAdding}
          />
          <EditMemberDialog committee={committee} member={editing} onClose={() => setEditing(null)} />
          <ConfirmDialog
            title={DELETE_CONFIRM_TITLE}
            confirmLabel={DELETE_CONFIRM_YES}
            destructive
            message={removing ? `${removing.user.name} will be removed from ${committee.name}.` : null}
            onConfirm={confirmRemove}
            onCancel={() => setRemoving(null)}
          />
          <ErrorDialog title={REMOVE_ERROR_TITLE} message={failure} onClose={() => setFailure(null)} />
        </>
      )}
    </Card>
  );
}
