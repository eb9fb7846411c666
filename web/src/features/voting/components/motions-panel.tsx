import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type {
  Principal,
  TMeetingCommittee,
  TMotion,
  TMotionsReply,
  TRetrieveAttendanceReply,
} from '@gavel/contracts';
import { can } from '@gavel/contracts';
import {
  amendmentsOf,
  findActiveVote,
  isVoteActive,
  RESULT_VISIBILITY_LABELS,
  resultVisibilityUpdatedMessage,
  STATUS_TEXT_CONCLUDED,
  STATUS_TEXT_PENDING,
} from '@gavel/voting-rules';
import { useQueryClient } from '@tanstack/react-query';
import { GripVerticalIcon } from 'lucide-react';
import * as React from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { ErrorState } from '@/components/page-status';
import { useCurrentUser } from '@/features/auth/queries';
import { isVotingMember } from '@/features/meetings/meeting-rules';
import { NewMotionButton } from '@/features/voting/components/motion-buttons';
import { MotionCard, type MotionCardActions } from '@/features/voting/components/motion-card';
import { MotionFormDialog, type MotionFormTarget } from '@/features/voting/components/motion-form-dialog';
import { VotingFlowDialog, type VotingFlowTarget } from '@/features/voting/components/voting-flow-dialog';
import {
  endedSinceFetch,
  motionView,
  type VotingState,
  voteSubject,
  votingState,
  votingStatusText,
} from '@/features/voting/motion-state';
import {
  motionsKey,
  useDeleteMotion,
  useEmailVote,
  useMotions,
  useMotionsBeingDecided,
  useMotionsBeingDeleted,
  useResortMotions,
} from '@/features/voting/queries';
import { publicBase } from '@/features/voting/scope';
import { plainText } from '@/features/voting/wording';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import type { PageScope } from '@/lib/page-scope';
import { motionsPollInterval } from '@/lib/realtime/polling';
import { serverNow } from '@/lib/server-clock';
import type { Clock } from '@/lib/use-clock';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

export interface MotionsPanelProps {
  scope: PageScope;
  /** The meeting's status, or the email vote's phase from its window. */
  phase: 'planned' | 'in_progress' | 'ended';
  committee: TMeetingCommittee;
  /** Who is present and who votes (retrieve/attendance); undefined while it loads. */
  attendance: TRetrieveAttendanceReply | undefined;
  /** Whether the realtime socket is connected; polling uses the spec's intervals when it is not. */
  live: boolean;
  /** The page's one-second clock. */
  clock: Clock;
  /** The meeting's 'In-meeting voting' switch: off, no vote is started in it. Email votes omit it. */
  inMeetingVoting?: boolean;
}

export const DELETE_MOTION_TITLE = 'Confirm Motion Delete';
export const DELETE_MOTION_TEXT =
  'Please confirm you would like to delete this motion. Once processed, the motion cannot be retrieved!';
export const RESORT_ERROR_TITLE = 'Error Sorting Motions';

/** The Motions panel of the meeting and email-vote pages. */
export function MotionsPanel({
  scope,
  phase,
  committee,
  attendance,
  live,
  clock,
  inMeetingVoting,
}: MotionsPanelProps) {
  const { principal } = useCurrentUser();
  const emailVote = useEmailVote(scope);
  const votingMember = isVotingMember(attendance?.members, principal.userId);
  const isRunner = can(principal, 'run meetings');
  const motions = useMotions(
    scope,
    (data) => {
      const now = serverNow();
      const votes = data?.votes ?? [];
      const hasActiveVote =
        scope.kind === 'meeting'
          ? findActiveVote(votes, now) !== null
          : votes.some((v) => isVoteActive(v, now));
      return motionsPollInterval(scope.kind, {
        live,
        phase,
        runner: isRunner,
        editor: can(principal, 'modify meeting attendance'),
        votingMember,
        activeVote: hasActiveVote,
      });
    },
    live,
  );
  const canModify = scope.kind === 'meeting' ? true : (emailVote.data?.can_modify ?? false);
  useRefetchWhenVotesEnd(scope, motions.data, clock.now);
  return (
    <MotionsPanelView
      scope={scope}
      phase={phase}
      committee={committee}
      attendance={attendance}
      principal={principal}
      data={motions.data}
      loading={motions.isPending}
      loadError={motions.data === undefined && motions.isError ? motions.error : null}
      onRetry={() => void motions.refetch()}
      now={clock.now}
      timeKey={clock.tick}
      canModify={canModify}
      inMeetingVoting={inMeetingVoting}
    />
  );
}

export interface MotionsPanelViewProps extends Omit<MotionsPanelProps, 'live' | 'clock'> {
  principal: Principal;
  data: TMotionsReply | undefined;
  loading: boolean;
  /** Why the first load failed (later failures keep the last answer on screen). */
  loadError?: unknown;
  onRetry?: () => void;
  now: number;
  timeKey: number;
  canModify: boolean;
}

/** The panel for given data (what MotionsPanel renders once it has fetched). */
export function MotionsPanelView({
  scope,
  phase,
  committee,
  attendance,
  principal,
  data,
  loading,
  loadError = null,
  onRetry,
  now,
  timeKey,
  canModify,
  inMeetingVoting,
}: MotionsPanelViewProps) {
  const state = votingState({
    scope,
    phase,
    committee,
    motions: data?.motions ?? [],
    votes: data?.votes ?? [],
    responses: data?.responses ?? [],
    members: attendance?.members ?? [],
    attendanceLoaded: attendance !== undefined,
    principal,
    now,
    timeKey,
    canModify,
    inMeetingVoting,
  });
  const [flow, setFlow] = React.useState<VotingFlowTarget | null>(null);
  const resort = useResortMotions(scope);

  useVisibilityNotices(data?.motions, state.perms.runMeetings);
  const voteAnnouncement = useVoteAnnouncement(state, data !== undefined);

  const editLink = useMotionEditLink(
    scope,
    data?.motions,
    state.perms.runMeetings || state.perms.updateMotions,
    (motion) => motionView(state, motion).canEdit,
  );
  const dialogs = useMotionDialogs(scope, committee, editLink);

  const beingDecided = useMotionsBeingDecided();
  const actions: MotionCardActions = {
    onAmend: (motion) => dialogs.openForm({ mode: 'amend', motion }),
    onDelete: dialogs.askDelete,
    isDeleting: dialogs.isDeleting,
    onFlow: setFlow,
    isDeciding: (motion) => beingDecided.includes(motion.id),
  };

  async function onSorted(ids: string[]) {
    try {
      await resort.mutateAsync(ids);
      toast.success('Motions sort order saved');
    } catch (err) {
      dialogs.reportFailure({ title: RESORT_ERROR_TITLE, message: errorText(err, FALLBACK.retrieve) });
    }
  }

  const flowView = flow ? motionView(state, flow.motion) : null;
  // Runners see why a vote can or cannot start, once attendance (who is present) has loaded.
  const showVotingStatus =
    scope.kind === 'meeting' &&
    (state.perms.runMeetings || state.perms.updateMotions) &&
    attendance !== undefined;

  return (
    <section aria-labelledby="motions-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="motions-title" tabIndex={-1} className="text-xl font-semibold">
          Motions
        </h2>
        {state.canCreate && <NewMotionButton onClick={() => dialogs.openForm({ mode: 'create' })} />}
      </div>

      <p role="status" className="sr-only">
        {voteAnnouncement}
      </p>

      {showVotingStatus && (
        <p role="status" className="text-sm">
          <span className="text-muted-foreground">Voting status: </span>
          <span className="font-medium" data-voting-status>
            {votingStatusText(state)}
          </span>
        </p>
      )}

      {loadError !== null ? (
        <ErrorState className="p-4" message={errorText(loadError, FALLBACK.retrieve)} onRetry={onRetry} />
      ) : state.roots.length === 0 ? (
        <p className="text-sm text-muted-foreground">{loading ? 'Loading motions…' : 'No motions to show'}</p>
      ) : state.canReorder ? (
        <SortableMotions state={state} actions={actions} onSorted={(ids) => void onSorted(ids)} />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Motions">
          {state.roots.map((motion) => (
            <li key={motion.id}>
              <MotionCard state={state} motion={motion} {...actions} />
            </li>
          ))}
        </ul>
      )}

      <VotingFlowDialog
        scope={scope}
        target={flow}
        canAmend={flowView?.canAmend ?? false}
        onAmend={(motion) => dialogs.openForm({ mode: 'amend', motion })}
        onClose={() => setFlow(null)}
      />
      {dialogs.element}
    </section>
  );
}

export interface MotionDialogs {
  openForm: (target: MotionFormTarget) => void;
  /** Asks 'Confirm Motion Delete' first, then deletes. */
  askDelete: (motion: TMotion) => void;
  /** The motion's delete request is running (its Delete button is disabled meanwhile). */
  isDeleting: (motion: TMotion) => boolean;
  reportFailure: (failure: { title: string; message: string }) => void;
  /** The motion form, the delete confirmation and the failure dialog, to render once. */
  element: React.ReactNode;
}

/**
 * The motion form (create, edit, amend) and the motion delete confirmation of a motions list, with
 * their toasts and failure dialogs: the Motions panel and the email vote's edit page use these.
 * `routed` is a form opened by the page's address (the motion edit link), shown when no other is.
 */
export function useMotionDialogs(
  scope: PageScope,
  committee: TMeetingCommittee,
  routed?: { target: MotionFormTarget | null; close: () => void },
): MotionDialogs {
  const [form, setForm] = React.useState<MotionFormTarget | null>(null);
  const [doomed, setDoomed] = React.useState<TMotion | null>(null);
  const [failure, setFailure] = React.useState<{ title: string; message: string } | null>(null);
  const remove = useDeleteMotion(scope);
  const afterDelete = useFocusWhenReady();
  // The motions whose delete request runs: their Delete buttons are disabled until it has answered.
  const deleting = useMotionsBeingDeleted();
  // The Delete button that asked, disabled while its request ran: focus goes back to it after a failure.
  const deleteButton = React.useRef<HTMLElement | null>(null);
  const restoreAfterFailure = useRestoreFocus(failure !== null, () => deleteButton.current);

  function askDelete(motion: TMotion) {
    const active = document.activeElement;
    deleteButton.current = active instanceof HTMLElement ? active : null;
    setDoomed(motion);
  }

  async function confirmDelete() {
    const motion = doomed;
    setDoomed(null);
    if (!motion || deleting.includes(motion.id)) return;
    const next = placeAfterDelete(motion);
    try {
      await remove.mutateAsync(motion.id);
      afterDelete.request(() =>
        next?.isConnected && !document.getElementById(`motion-${motion.id}`) ? next : null,
      );
      if (motion.amendment_parent_id) toast.success('Amendment deleted');
      else toast.warning('Motion deleted');
    } catch (err) {
      setFailure({ title: DELETE_MOTION_TITLE, message: errorText(err, FALLBACK.save) });
    }
  }

  const element = (
    <>
      <MotionFormDialog
        scope={scope}
        committee={committee}
        target={form ?? routed?.target ?? null}
        onClose={() => (form ? setForm(null) : routed?.close())}
      />
      <ConfirmDialog
        message={doomed ? DELETE_MOTION_TEXT : null}
        title={DELETE_MOTION_TITLE}
        confirmLabel="Confirmed"
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
      <ErrorDialog
        title={failure?.title ?? DELETE_MOTION_TITLE}
        message={failure?.message ?? null}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </>
  );
  return {
    openForm: setForm,
    askDelete,
    isDeleting: (motion) => deleting.includes(motion.id),
    reportFailure: (f) => {
      deleteButton.current = null;
      setFailure(f);
    },
    element,
  };
}

/**
 * Where focus goes once a deleted motion's card is gone (its Delete button with it): the title of the
 * motion an amendment belonged to, else of the next or previous motion, else the list's heading.
 */
function placeAfterDelete(motion: TMotion): HTMLElement | null {
  const card = document.getElementById(`motion-${motion.id}`);
  if (motion.amendment_parent_id) {
    const parent = document.getElementById(`motion-${motion.amendment_parent_id}`);
    const title = parent?.querySelector<HTMLElement>('h3');
    if (title) return title;
  }
  const item = card?.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  return (
    neighbour?.querySelector<HTMLElement>('article h3') ??
    card?.closest('section')?.querySelector<HTMLElement>('h2') ??
    null
  );
}

export const MOTION_NOT_FOUND = 'Motion not found';
export const MOTION_NOT_EDITABLE = 'This motion can no longer be edited';
export const MOTIONS_NOT_YOURS_TO_EDIT = 'You may not edit motions';

/**
 * The motion edit link, {adminBase}/motion/{id} (spec section 2, "Motion card"): the page with that
 * motion's edit form open. Closing the form returns to the page. A motion that is gone, one the viewer
 * may not edit ('run meetings' or 'update motions'), or one no longer editable when the link is followed,
 * is said so in a toast.
 */
function useMotionEditLink(
  scope: PageScope,
  motions: readonly TMotion[] | undefined,
  mayEditMotions: boolean,
  canEdit: (motion: TMotion) => boolean,
): { target: MotionFormTarget | null; close: () => void } {
  const { motionId } = useParams();
  const navigate = useNavigate();
  const [checked, setChecked] = React.useState<{ id: string; editable: boolean } | null>(null);
  const motion = motionId ? motions?.find((m) => m.id === motionId) : undefined;
  const close = React.useCallback(() => navigate(publicBase(scope), { replace: true }), [navigate, scope]);
  // Checked once on arrival: a vote that starts while the form is open is the server's to refuse.
  const editable = motion ? canEdit(motion) : false;
  React.useEffect(() => {
    if (!motionId || !motions || checked?.id === motionId) return;
    setChecked({ id: motionId, editable });
    if (!motion) toast.error(MOTION_NOT_FOUND);
    else if (!editable) toast.error(mayEditMotions ? MOTION_NOT_EDITABLE : MOTIONS_NOT_YOURS_TO_EDIT);
    if (!motion || !editable) close();
  }, [motionId, motions, motion, editable, mayEditMotions, checked, close]);
  const open = motion !== undefined && checked !== null && checked.id === motionId && checked.editable;
  return { target: open ? { mode: 'edit', motion } : null, close };
}

/** Refetches once as soon as a vote that was active when fetched has ended: its results are due. */
function useRefetchWhenVotesEnd(scope: PageScope, data: TMotionsReply | undefined, now: number) {
  const queryClient = useQueryClient();
  const asked = React.useRef(new Set<string>());
  const due = endedSinceFetch(data?.votes ?? [], now)
    .map((v) => v.id)
    .filter((id) => !asked.current.has(id));
  const dueKey = due.join(',');
  React.useEffect(() => {
    if (dueKey === '') return;
    for (const id of dueKey.split(',')) asked.current.add(id);
    void queryClient.invalidateQueries({ queryKey: motionsKey(scope) });
  }, [dueKey, queryClient, scope]);
}

/**
 * Tells viewers other than runners (who get their own toast) when a runner changed a motion's result
 * visibility: 'Result Visibility Updated To {value}'.
 */
function useVisibilityNotices(motions: readonly TMotion[] | undefined, isRunner: boolean) {
  const seen = React.useRef<Map<string, string> | null>(null);
  React.useEffect(() => {
    if (!motions) return;
    const previous = seen.current;
    seen.current = new Map(motions.map((m) => [m.id, m.result_visibility]));
    if (!previous || isRunner) return;
    for (const m of motions) {
      const before = previous.get(m.id);
      if (before !== undefined && before !== m.result_visibility) {
        toast.info(resultVisibilityUpdatedMessage(RESULT_VISIBILITY_LABELS[m.result_visibility]));
      }
    }
  }, [motions, isRunner]);
}

/**
 * What screen readers are told when the meeting's vote opens or closes: the vote buttons or the results
 * appear without focus moving there (WCAG 4.1.3). Not on the first load: the page itself says so then.
 * A closed vote's outcome is read from the viewer's results as they now stand: told once they arrive, and
 * gone from the text again if a runner hides them afterwards.
 */
function useVoteAnnouncement(state: VotingState, loaded: boolean): string {
  const vote = state.inputs.scope.kind === 'meeting' ? state.activeVote : null;
  const motion = vote ? state.inputs.motions.find((m) => m.id === vote.motion_id) : undefined;
  const subject = motion && vote ? voteSubject(motion, vote.type, state.inputs.motions) : '';
  const seen = React.useRef<{ voteId: string | null; motionId: string | null; subject: string } | null>(null);
  const [told, setTold] = React.useState<
    { kind: 'open'; subject: string } | { kind: 'closed'; motionId: string | null; subject: string } | null
  >(null);
  const voteId = vote?.id ?? null;
  const motionId = motion?.id ?? null;
  React.useEffect(() => {
    if (!loaded) return;
    const before = seen.current;
    seen.current = { voteId, motionId, subject };
    if (before === null || before.voteId === voteId) return;
    setTold(
      voteId !== null
        ? { kind: 'open', subject }
        : { kind: 'closed', motionId: before.motionId, subject: before.subject },
    );
  }, [loaded, voteId, motionId, subject]);
  if (told === null) return '';
  if (told.kind === 'open') return `Voting is open on ${told.subject}.`;
  const closedMotion = state.inputs.motions.find((m) => m.id === told.motionId);
  const outcome = closedMotion ? announcedOutcome(motionView(state, closedMotion).statusText) : null;
  return outcome === null
    ? `Voting has closed on ${told.subject}.`
    : `Voting has closed on ${told.subject}: ${outcome}.`;
}

/** A row's status as an outcome worth telling, or null while it is awaited or hidden from this viewer. */
function announcedOutcome(statusText: string): string | null {
  return statusText === STATUS_TEXT_PENDING || statusText === STATUS_TEXT_CONCLUDED ? null : statusText;
}

/** Every motion id in list order: each root followed by its amendments, depth first. */
export function flattenedOrder(roots: readonly TMotion[], motions: readonly TMotion[]): string[] {
  const out: string[] = [];
  const visit = (motion: TMotion) => {
    if (out.includes(motion.id)) return;
    out.push(motion.id);
    for (const child of amendmentsOf(motion, motions)) visit(child);
  };
  for (const root of roots) visit(root);
  return out;
}

function SortableMotions({
  state,
  actions,
  onSorted,
}: {
  state: VotingState;
  actions: MotionCardActions;
  onSorted: (ids: string[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = state.roots.map((m) => m.id);
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    const roots = arrayMove(state.roots, from, to);
    onSorted(flattenedOrder(roots, state.inputs.motions));
  }
  // What a screen reader hears while a motion is moved by keyboard: its name and place, not its id. The
  // first 'over' of a drag is the motion's own place: it would drown 'Picked up' and is left unsaid.
  const nameOf = (id: UniqueIdentifier) => plainText(state.roots.find((m) => m.id === id)?.name ?? '');
  const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const moved = React.useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${nameOf(active.id)} at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active.id)} is not over a position.`;
      if (!moved.current && over.id === active.id) return undefined;
      moved.current = true;
      return `${nameOf(active.id)} moved to ${place(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${place(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="flex flex-col gap-4" aria-label="Motions">
          {state.roots.map((motion) => (
            <SortableMotion key={motion.id} state={state} motion={motion} actions={actions} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableMotion({
  state,
  motion,
  actions,
}: {
  state: VotingState;
  motion: TMotion;
  actions: MotionCardActions;
}) {
  const canDrag = motionView(state, motion).canDrag;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: motion.id, disabled: !canDrag });
  const handle = canDrag ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${plainText(motion.name)}`}
      className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <GripVerticalIcon className="size-5" aria-hidden="true" />
    </button>
  ) : undefined;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      <MotionCard state={state} motion={motion} dragHandle={handle} {...actions} />
    </li>
  );
}
