import {
  can,
  canAny,
  EMAIL_VOTE_LIST_PERMISSIONS,
  isAdmin,
  MEETING_LIST_PERMISSIONS,
  type Principal,
} from '@gavel/contracts';
import type { Phase } from '@gavel/voting-rules';
import { format } from 'date-fns';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog, DELETE_CONFIRM_TITLE, DELETE_CONFIRM_YES } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { QueryResult } from '@/components/page-status';
import { PhaseBadge } from '@/components/phase-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCommitteeEmailVotes } from '@/features/email-votes/queries';
import { emailVotePhase } from '@/features/email-votes/vote-rules';
import { HEADER_DATE_FORMAT } from '@/features/meetings/meeting-rules';
import { useCommitteeMeetings, useDeleteMeeting } from '@/features/meetings/queries';
import { errorText } from '@/lib/api-client';
import { toDate } from '@/lib/date-time';
import { FALLBACK } from '@/lib/messages';
import { type CommitteeRef, meetingBase, paths, voteBase } from '@/lib/paths';
import { useClock } from '@/lib/use-clock';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

function when(iso: string): string {
  const date = toDate(iso);
  return date ? format(date, HEADER_DATE_FORMAT) : '';
}

/** Who may list a committee's meetings, as the meetings service checks it. */
function canListMeetings(principal: Principal): boolean {
  return canAny(principal, ...MEETING_LIST_PERMISSIONS);
}

/** Who may list a committee's email votes, as the voting service checks it: admins and EMAIL_VOTE_LIST_PERMISSIONS. */
function canListEmailVotes(principal: Principal): boolean {
  return isAdmin(principal) || canAny(principal, ...EMAIL_VOTE_LIST_PERMISSIONS);
}

/**
 * The committee admin page's Meetings and Email Votes lists, with links to them and to create new ones.
 * Each list shows only to whoever may read it: others who may open the page ('edit committees',
 * 'committee messaging') would get a refusal in its place.
 */
export function CommitteeMeetingsSection({
  committee,
  principal,
}: {
  committee: CommitteeRef;
  principal: Principal;
}) {
  return (
    <>
      {canListMeetings(principal) && <MeetingsCard committee={committee} principal={principal} />}
      {canListEmailVotes(principal) && <EmailVotesCard committee={committee} principal={principal} />}
    </>
  );
}

const MEETINGS_TITLE_ID = 'committee-meetings-title';

function MeetingsCard({ committee, principal }: { committee: CommitteeRef; principal: Principal }) {
  const committeeCode = committee.code;
  const meetings = useCommitteeMeetings(committeeCode, committee.year ?? undefined);
  const canEdit = can(principal, 'update meetings');
  const canDelete = can(principal, 'delete meetings');
  // Here, not in a row's Delete button: that goes with the row it moves focus away from.
  const afterDelete = useFocusWhenReady();
  return (
    <ScheduleCard
      id={MEETINGS_TITLE_ID}
      title="Meetings"
      newLabel="New Meeting"
      newPath={can(principal, 'create meetings') ? paths.meetingCreate(committee) : null}
      empty="No meetings yet"
      query={meetings}
      rows={(meetings.data ?? []).map((m) => ({
        id: m.id,
        name: m.name,
        path: meetingBase(committeeCode, m.code),
        when: when(m.start),
        status: m.status,
        editPath: canEdit && m.status !== 'ended' ? paths.meetingEdit(committeeCode, m.code) : null,
        // An ended meeting may still be deleted (the server refuses only one in progress), but no page leads
        // to its edit page's Delete any more: the list offers it instead.
        action:
          canDelete && m.status === 'ended' ? (
            <DeleteMeetingButton committeeCode={committeeCode} meeting={m} onDeleted={afterDelete.request} />
          ) : null,
      }))}
    />
  );
}

function EmailVotesCard({ committee, principal }: { committee: CommitteeRef; principal: Principal }) {
  const committeeCode = committee.code;
  const votes = useCommitteeEmailVotes(committeeCode, committee.year ?? undefined);
  const canManage = can(principal, 'create email vote');
  // A vote's phase is the clock's (votes open and close on the server's time): a one-second clock of its
  // own, so a vote that opens or closes while the page is open shows it then, and loses its Edit link on
  // closing.
  const { now } = useClock();
  return (
    <ScheduleCard
      id="committee-votes-title"
      title="Email Votes"
      newLabel="New Email Vote"
      newPath={canManage ? paths.voteCreate(committee) : null}
      empty="No email votes yet"
      query={votes}
      rows={(votes.data ?? []).map((v) => {
        const status = emailVotePhase(v, now);
        return {
          id: v.id,
          name: v.name,
          path: voteBase(committeeCode, v.code),
          when: `${when(v.start)} - ${when(v.end)}`,
          status,
          // Until it ends a vote stays editable (with responses in, its close time may still move), even
          // when can_modify (no response yet, so it may be deleted or reopened earlier) is false.
          editPath: canManage && status !== 'ended' ? paths.voteEdit(committeeCode, v.code) : null,
        };
      })}
    />
  );
}

interface ScheduleRow {
  id: string;
  name: string;
  path: string;
  when: string;
  status: Phase;
  /** The edit page, when the viewer may still change it. */
  editPath: string | null;
  /** Another action on the row, after Edit. */
  action?: React.ReactNode;
}

/**
 * Where focus goes once a deleted meeting's row is gone (its Delete button, which had focus, with it): the
 * next row's Delete, else that meeting's link (one not ended has no Delete); the row before when it was
 * the last; else the list's heading, with 'No meetings yet' after it. Worked out while the row is there;
 * the element comes back null until the reloaded list has dropped it.
 */
function placeAfterDelete(row: Element | null | undefined): () => HTMLElement | null {
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling ?? null;
  return () => {
    if (row?.isConnected) return null;
    const next = neighbour?.isConnected
      ? (neighbour.querySelector<HTMLElement>('[data-row-delete]') ?? neighbour.querySelector('a'))
      : null;
    return next ?? document.getElementById(MEETINGS_TITLE_ID);
  };
}

/** Deletes an ended meeting from the list, once confirmed, as the edit page's Delete Meeting does. */
function DeleteMeetingButton({
  committeeCode,
  meeting,
  onDeleted,
}: {
  committeeCode: string;
  meeting: { code: string; name: string };
  /** Asks for focus once the row has gone: useFocusWhenReady's request, of the list, which stays. */
  onDeleted: (find: () => HTMLElement | null) => void;
}) {
  const remove = useDeleteMeeting(committeeCode, meeting.code);
  const [confirming, setConfirming] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const button = React.useRef<HTMLButtonElement>(null);
  // After a refusal, focus goes back to Delete, disabled while the request ran.
  const restoreAfterFailure = useRestoreFocus(failure !== null, () => button.current);
  return (
    <>
      <Button
        ref={button}
        data-row-delete=""
        variant="outline"
        size="sm"
        aria-label={`Delete ${meeting.name}`}
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        title={DELETE_CONFIRM_TITLE}
        confirmLabel={DELETE_CONFIRM_YES}
        destructive
        message={confirming ? `${meeting.name} will be deleted.` : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          const place = placeAfterDelete(button.current?.closest('li'));
          // The list refreshes itself (useDeleteMeeting) and the row goes with the meeting.
          remove.mutate(undefined, {
            onSuccess: () => {
              onDeleted(place);
              toast.success('Meeting Deleted');
            },
            onError: (err) => setFailure(errorText(err, FALLBACK.delete)),
          });
        }}
      />
      <ErrorDialog
        title="Error Deleting Meeting"
        message={failure}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </>
  );
}

/** One list of the committee's meetings or email votes: New button, loading, error, empty, rows. */
function ScheduleCard(props: {
  id: string;
  title: string;
  newLabel: string;
  newPath: string | null;
  empty: string;
  query: { isPending: boolean; data: unknown; error: unknown; refetch: () => unknown };
  rows: ScheduleRow[];
}) {
  return (
    <Card aria-labelledby={props.id}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        {/* Focusable from code: focus goes here once the last row a user deleted is gone. */}
        <CardTitle id={props.id} tabIndex={-1}>
          {props.title}
        </CardTitle>
        {props.newPath && (
          <Button asChild size="sm">
            <Link to={props.newPath}>
              <PlusIcon aria-hidden="true" />
              {props.newLabel}
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <QueryResult query={props.query}>
          {() =>
            props.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{props.empty}</p>
            ) : (
              <ul className="flex flex-col divide-y" aria-label={props.title}>
                {props.rows.map((row) => (
                  <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <Link
                        to={row.path}
                        className="font-medium break-words underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>
                      <span className="block text-xs text-muted-foreground">{row.when}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <PhaseBadge phase={row.status} />
                      {row.editPath && (
                        <Button asChild variant="outline" size="sm">
                          <Link to={row.editPath} aria-label={`Edit ${row.name}`}>
                            Edit
                          </Link>
                        </Button>
                      )}
                      {row.action}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryResult>
      </CardContent>
    </Card>
  );
}
