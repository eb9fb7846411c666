import type { TMotion, TVoteView } from '@gavel/contracts';
import { can, isAdmin } from '@gavel/contracts';
import {
  CLOSE_VOTE_CONFIRM_BUTTON,
  CLOSE_VOTE_CONFIRM_TEXT,
  CLOSE_VOTE_CONFIRM_TITLE,
  CONFIRM_VOTE_BUTTON,
  confirmVoteTitle,
  isAmendment,
  maximumResponsesFor,
  NOT_CHECKED_IN_TOOLTIP,
  type RespondBlocker,
  secondsAddedMessage,
  toMillis,
  totalVotes,
  VOTE_CLOSED_MESSAGE,
  VOTE_TIME_EXTENSION_SECONDS,
  voteRecordedMessage,
} from '@gavel/voting-rules';
import { CheckIcon } from 'lucide-react';
import * as React from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import {
  myResponses,
  type VotingState,
  viewerRespondBlocker,
  voteSubject,
} from '@/features/voting/motion-state';
import { useAddVoteTime, useCastResponse, useCloseVote } from '@/features/voting/queries';
import { minutesSeconds, plainText, useVoteWording } from '@/features/voting/wording';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { FALLBACK } from '@/lib/messages';
import { useFocusWhenReady } from '@/lib/use-restore-focus';

export const UPDATE_ERROR_TITLE = 'Error Updating';
export const VOTE_ERROR_TITLE = 'Error Processing Vote';
/** While a confirmed vote waits for the connection (TanStack Query holds it back until then). */
export const OFFLINE_VOTE_NOTICE = 'You are offline: your vote will be sent when the connection returns.';

/** The id of a running vote's heading, which takes focus once a runner has started the vote. */
export const activeVoteHeadingId = (voteId: string) => `active-vote-${voteId}`;

/**
 * How many responses a member may still give on a vote allowing several: 'Choose up to 2.' before the
 * first, then '1 more choice.'; null for a single-response vote or once every response is given.
 */
export function choicesLeftText(maximum: number, given: number): string | null {
  if (maximum <= 1) return null;
  if (given === 0) return `Choose up to ${maximum}.`;
  const left = maximum - given;
  if (left <= 0) return null;
  return left === 1 ? '1 more choice.' : `${left} more choices.`;
}

/** Why a voting member cannot vote now, as shown beside the disabled buttons. */
export function respondBlockerText(blocker: RespondBlocker): string | null {
  switch (blocker) {
    case 'not_voting_member':
      return 'Only voting members may vote.';
    case 'not_checked_in':
      return NOT_CHECKED_IN_TOOLTIP;
    case 'vote_not_active':
      return 'Voting is not active.';
    case 'not_in_filter':
      return 'This vote is limited to other demographics.';
    case 'maximum_reached':
      return 'You have cast every response this vote allows.';
    case 'already_chosen':
      return 'You already chose this response.';
    default:
      return null;
  }
}

/** The running vote of a motion: countdown, progress, runner controls, vote buttons. */
export function ActiveVote({
  state,
  motion,
  vote,
  onClosed,
  onFailure,
}: {
  state: VotingState;
  motion: TMotion;
  vote: TVoteView;
  /** A runner closed the vote here, or it ended while focus was in it (its results come next). */
  onClosed?: (voteId: string) => void;
  /** A failed action: told by the motion's card, which stays when the vote ends meanwhile. */
  onFailure: (failure: VoteFailure) => void;
}) {
  const { scope, principal, now } = state.inputs;
  // A vote that ends (closed by the runner on another device) takes its buttons and their dialogs with it:
  // whoever had focus on them is taken to the results instead of being left on the page's body.
  const section = React.useRef<HTMLElement>(null);
  const openDialogs = React.useRef(new Set<string>());
  const onDialog = React.useCallback((name: string, open: boolean) => {
    if (open) openDialogs.current.add(name);
    else openDialogs.current.delete(name);
  }, []);
  const whenGone = React.useRef({ onClosed, voteId: vote.id });
  whenGone.current = { onClosed, voteId: vote.id };
  React.useLayoutEffect(() => {
    const element = section.current;
    const dialogs = openDialogs.current;
    return () => {
      if (element?.contains(document.activeElement) || dialogs.size > 0) {
        whenGone.current.onClosed?.(whenGone.current.voteId);
      }
    };
  }, []);
  const wording = useVoteWording();
  const secondsLeft = Math.max(0, Math.ceil(((toMillis(vote.ended_at) ?? now) - now) / 1000));
  // Admins or moderators may add time and close votes (spec section 6); email votes close with their window.
  const controlsVote = scope.kind === 'meeting' && (can(principal, 'run meetings') || isAdmin(principal));
  const heading =
    vote.type === 'amendment'
      ? 'Amendment vote in progress'
      : isAmendment(motion)
        ? 'Vote in progress on the motion as amended'
        : 'Vote in progress';
  return (
    <section
      ref={section}
      aria-label={`${heading}: ${voteSubject(motion, vote.type, state.inputs.motions)}`}
      className="flex flex-col gap-3 rounded-md border border-primary/40 bg-primary/5 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={activeVoteHeadingId(vote.id)} tabIndex={-1} className="text-sm font-semibold">
          {heading}
        </p>
        {/* An email vote runs over its whole window: the page header counts that down. */}
        {scope.kind === 'meeting' && (
          <p
            role="timer"
            aria-label={`Time remaining ${minutesSeconds(secondsLeft)}`}
            className="font-mono text-lg tabular-nums"
          >
            {minutesSeconds(secondsLeft)}
          </p>
        )}
      </div>
      {wording.showProgress && progressText(vote) && (
        <p className="text-sm text-muted-foreground">{progressText(vote)}</p>
      )}
      {vote.outcome !== null && (
        <ul aria-label="Live tally" className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-sm">
          {wording
            .shown(vote.outcome, (t) => t.response)
            .map((t) => (
              // Custom responses run to 500 characters: long words wrap within the card.
              <li key={t.response} className="min-w-0 max-w-full wrap-anywhere">
                {wording.label(t.response)}: <span className="tabular-nums">{t.count}</span>
              </li>
            ))}
        </ul>
      )}
      {controlsVote && (
        <RunnerVoteControls
          state={state}
          motion={motion}
          vote={vote}
          onClosed={onClosed}
          onFailure={onFailure}
          onDialog={onDialog}
        />
      )}
      {state.me?.is_voting && (
        <VoteButtons state={state} motion={motion} vote={vote} onFailure={onFailure} onDialog={onDialog} />
      )}
      {/* Who votes comes from the member list: until it is in (it is polled again after a failure), say
          why a member sees no buttons yet rather than nothing. */}
      {state.inputs.attendanceLoaded === false && (
        <p role="status" className="text-sm text-muted-foreground">
          {VOTE_BUTTONS_AWAIT_MEMBERS}
        </p>
      )}
    </section>
  );
}

/** Shown in a running vote while the member list (who votes) is not loaded yet. */
export const VOTE_BUTTONS_AWAIT_MEMBERS = 'The vote buttons appear once the member list has loaded.';

/**
 * Vote progress against the expected total (eligible voting members times maximum responses). The
 * responses cast are counted from the tally when the viewer has it; otherwise, with one response per
 * member, from the members who voted; with several, only the members who voted, of those eligible.
 */
export function progressText(vote: TVoteView): string | null {
  if (vote.outcome !== null) return `Votes received: ${totalVotes(vote.outcome)} of ${vote.expected_count}`;
  if (vote.respondents_count === null) return null;
  const perMember = maximumResponsesFor(vote.maximum_responses, vote.type === 'amendment');
  if (perMember === 1) return `Votes received: ${vote.respondents_count} of ${vote.expected_count}`;
  return `Members voted: ${vote.respondents_count} of ${Math.round(vote.expected_count / perMember)}`;
}

/** What the vote's controls report to its motion's card: an action's failure. */
export interface VoteFailure {
  title: string;
  message: string;
  /** Where focus goes back once the failure is acknowledged, while it is still on the page. */
  focusBack: () => HTMLElement | null;
}

interface VoteControlsProps {
  state: VotingState;
  motion: TMotion;
  vote: TVoteView;
  onFailure: (failure: VoteFailure) => void;
  /** A dialog of these controls opens or closes. */
  onDialog: (name: string, open: boolean) => void;
}

function RunnerVoteControls({
  state,
  motion,
  vote,
  onClosed,
  onFailure,
  onDialog,
}: VoteControlsProps & { onClosed?: (voteId: string) => void }) {
  const scope = state.inputs.scope;
  const addTime = useAddVoteTime(scope);
  const close = useCloseVote(scope);
  const [confirmClose, setConfirmClose] = React.useState(false);
  React.useEffect(() => onDialog('close', confirmClose), [onDialog, confirmClose]);
  const addButton = React.useRef<HTMLButtonElement>(null);
  const closeButton = React.useRef<HTMLButtonElement>(null);
  // The failed action's button was disabled while it ran: the error dialog gives focus back to it.
  const failed = (err: unknown, button: React.RefObject<HTMLButtonElement | null>) =>
    onFailure({
      title: UPDATE_ERROR_TITLE,
      message: errorText(err, FALLBACK.update),
      focusBack: () => button.current,
    });

  async function add() {
    if (addTime.isPending) return;
    try {
      await addTime.mutateAsync({ id: motion.id, voteId: vote.id, time: VOTE_TIME_EXTENSION_SECONDS });
      toast.success(secondsAddedMessage(VOTE_TIME_EXTENSION_SECONDS));
    } catch (err) {
      failed(err, addButton);
    }
  }
  async function closeNow() {
    // A second click on 'Yes, I'm sure' while the confirmation animates out closes nothing more.
    if (!confirmClose) return;
    setConfirmClose(false);
    try {
      await close.mutateAsync({ id: motion.id, voteId: vote.id });
      onClosed?.(vote.id);
      toast.success(VOTE_CLOSED_MESSAGE);
    } catch (err) {
      failed(err, closeButton);
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        ref={addButton}
        variant="outline"
        // The spoken name starts with the visible text, so voice control finds it by what it shows.
        aria-label={`+${VOTE_TIME_EXTENSION_SECONDS} s: add ${VOTE_TIME_EXTENSION_SECONDS} seconds to the vote`}
        // Not disabled while it runs: a disabled button would drop the keyboard focus that pressed it.
        aria-disabled={addTime.isPending || undefined}
        className="min-h-11 aria-disabled:opacity-50"
        onClick={() => void add()}
      >
        +{VOTE_TIME_EXTENSION_SECONDS} s
      </Button>
      <Button
        ref={closeButton}
        variant="destructive"
        className="min-h-11"
        disabled={close.isPending}
        onClick={() => setConfirmClose(true)}
      >
        Close Vote
      </Button>
      <ConfirmDialog
        message={confirmClose ? CLOSE_VOTE_CONFIRM_TEXT : null}
        title={CLOSE_VOTE_CONFIRM_TITLE}
        confirmLabel={CLOSE_VOTE_CONFIRM_BUTTON}
        destructive
        onConfirm={() => void closeNow()}
        onCancel={() => setConfirmClose(false)}
      />
    </div>
  );
}

function VoteButtons({ state, motion, vote, onFailure, onDialog }: VoteControlsProps) {
  const cast = useCastResponse(state.inputs.scope);
  const [confirming, setConfirming] = React.useState<string | null>(null);
  React.useEffect(() => onDialog('confirm', confirming !== null), [onDialog, confirming]);
  const chosen = myResponses(state, vote);
  const general = viewerRespondBlocker(state, motion, vote);
  const reason = general ? respondBlockerText(general) : null;
  const name =
    vote.type === 'amendment' ? plainText(motion.name) : voteSubject(motion, 'motion', state.inputs.motions);
  const wording = useVoteWording();
  const responses = wording.shown(vote.responses, (r) => r);
  const reasonId = `vote-reason-${vote.id}`;
  const hintId = `vote-hint-${vote.id}`;
  // A vote allowing several responses says how many are left (spec section 5: the motion's maximum).
  // Only for a member who may vote now: beside a reason they cannot, it would contradict it.
  const hint =
    general === null
      ? choicesLeftText(maximumResponsesFor(vote.maximum_responses, vote.type === 'amendment'), chosen.length)
      : null;
  const group = React.useRef<HTMLDivElement>(null);
  // The pressed button is disabled once the vote is recorded: focus goes to what the vote now says (no
  // more responses, or how many are left), so keyboard and screen-reader users keep their place.
  const afterVote = useFocusWhenReady();
  const reasonLine = React.useRef<HTMLParagraphElement>(null);
  const hintLine = React.useRef<HTMLParagraphElement>(null);
  const chosenNow = React.useRef(chosen);
  chosenNow.current = chosen;

  async function send(response: string) {
    setConfirming(null);
    try {
      await cast.mutateAsync({ id: motion.id, voteId: vote.id, vote: response });
      // Once the page shows the response as given (the reply updates the motions data).
      afterVote.request(() =>
        chosenNow.current.includes(response) ? (reasonLine.current ?? hintLine.current) : null,
      );
      toast.success(voteRecordedMessage(wording.label(response)));
    } catch (err) {
      onFailure({
        title: VOTE_ERROR_TITLE,
        message: errorText(err, FALLBACK.update),
        focusBack: () => group.current?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? null,
      });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {hint && (
        <p id={hintId} ref={hintLine} tabIndex={-1} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form section (fieldset) */}
      <div
        ref={group}
        role="group"
        aria-label={`Your vote on ${name}`}
        aria-describedby={hint ? hintId : undefined}
        className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2"
      >
        {responses.map((response) => {
          const label = wording.label(response);
          const isChosen = chosen.includes(response);
          const blocker = viewerRespondBlocker(state, motion, vote, response);
          const disabled = blocker !== null || cast.isPending;
          const button = (
            <Button
              variant={isChosen ? 'default' : 'outline'}
              // A long response wraps inside the button, which grows in height to hold it. Their own vote
              // stays at full strength: it is the only sign on screen of what they chose.
              className={cn(
                'h-auto min-h-11 w-full min-w-0 whitespace-normal py-2 wrap-anywhere',
                isChosen && 'disabled:opacity-100',
              )}
              aria-label={`Vote '${label}' on ${name}${isChosen ? ' (your vote)' : ''}`}
              aria-pressed={isChosen}
              aria-describedby={reason ? reasonId : undefined}
              disabled={disabled}
              onClick={() => setConfirming(response)}
            >
              {isChosen && <CheckIcon aria-hidden="true" />}
              <span className="min-w-0">{label}</span>
            </Button>
          );
          const tip = blocker ? respondBlockerText(blocker) : null;
          if (!tip) return <React.Fragment key={response}>{button}</React.Fragment>;
          return (
            <Tooltip key={response}>
              <TooltipTrigger asChild>
                {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
                <span tabIndex={-1} className="block min-w-0">
                  {button}
                </span>
              </TooltipTrigger>
              <TooltipContent>{tip}</TooltipContent>
            </Tooltip>
          );
        })}
      </div>
      {/* Always present, so that screen readers announce the notice when it appears. Empty, it takes back
          the gap the column gives it. */}
      <div role="status" className="text-sm font-medium empty:-mt-2">
        {cast.isPaused && <p>{OFFLINE_VOTE_NOTICE}</p>}
      </div>
      {reason && (
        <p id={reasonId} ref={reasonLine} tabIndex={-1} className="text-sm text-muted-foreground">
          {reason}
        </p>
      )}
      <ConfirmDialog
        message={confirming !== null ? `Your vote: ${wording.label(confirming)}` : null}
        title={confirmVoteTitle(confirming !== null ? wording.label(confirming) : '')}
        confirmLabel={CONFIRM_VOTE_BUTTON}
        onConfirm={() => confirming !== null && void send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
