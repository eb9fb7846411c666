import type { TMotion } from '@gavel/contracts';
import {
  AMENDED_NOTE,
  availableResponses,
  hasMotionFilter,
  hasVoteEnded,
  STATUS_AMENDMENT_DEFEATED,
} from '@gavel/voting-rules';
import { PencilIcon, PlusIcon } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router';
import { ErrorDialog } from '@/components/error-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ActiveVote, VOTE_ERROR_TITLE, type VoteFailure } from '@/features/voting/components/active-vote';
import { DeleteMotionButton } from '@/features/voting/components/motion-buttons';
import {
  ResultVisibilityButtons,
  resultsHeadingId,
  VoteResults,
} from '@/features/voting/components/motion-results';
import { ServerHtml } from '@/features/voting/components/server-html';
import type { VotingFlowTarget } from '@/features/voting/components/voting-flow-dialog';
import {
  decidedAsAmendedNote,
  type MotionView,
  motionView,
  startBlockerText,
  type VotingState,
} from '@/features/voting/motion-state';
import { motionPath } from '@/features/voting/scope';
import { filterNotice, plainText, useVoteWording } from '@/features/voting/wording';
import { cn } from '@/lib/cn';
import { useFocusWhenReady, useRefocusWhenRemoved, useRestoreFocus } from '@/lib/use-restore-focus';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';

/** The id of a motion card's title, which takes focus when the card's own controls have gone. */
export const motionTitleId = (motionId: string) => `motion-title-${motionId}`;

/** Said beside a decision taken by unanimous consent: the approval flags are set by nothing else. */
export const BY_UNANIMOUS_CONSENT = 'by unanimous consent';

function ConsentNote({ shown }: { shown: boolean }) {
  return shown ? <span className="text-xs text-muted-foreground">{BY_UNANIMOUS_CONSENT}</span> : null;
}

export interface MotionCardActions {
  onAmend: (motion: TMotion) => void;
  onDelete: (motion: TMotion) => void;
  /** The motion's delete request is running (its Delete button is disabled meanwhile). */
  isDeleting?: (motion: TMotion) => boolean;
  onFlow: (target: VotingFlowTarget) => void;
  /** The motion's vote start or unanimous consent is being sent (its Begin Vote and Revote wait). */
  isDeciding?: (motion: TMotion) => boolean;
}

export interface MotionCardProps extends MotionCardActions {
  state: VotingState;
  motion: TMotion;
  /** The drag handle, when the list may be re-sorted. */
  dragHandle?: React.ReactNode;
}

/** One motion (or amendment) with its amendments nested below it. */
export function MotionCard({ state, motion, dragHandle, ...actions }: MotionCardProps) {
  const view = motionView(state, motion);
  const { perms } = state;
  const name = plainText(motion.name);
  const titleId = motionTitleId(motion.id);
  // An amendment's card sits inside its motion's: its headings are a level below the motion's.
  const Title = view.isAmendment ? 'h4' : 'h3';
  // A runner who closed the vote lands on its results (Close Vote has gone with the running vote).
  const afterClose = useFocusWhenReady();
  // A live change can take away what had focus in the card (a runner hides the results a member was
  // reading): focus goes to the card's title, not to the page's start.
  const keepFocus = useRefocusWhenRemoved(() => document.getElementById(titleId));
  // An action on the running vote that failed is told here, not in the vote's own controls: the vote may
  // end meanwhile (closed elsewhere), taking them with it, and the member must still learn it failed.
  const [voteFailure, setVoteFailure] = React.useState<VoteFailure | null>(null);
  // Kept past the dismissal, which clears the failure before focus is placed.
  const shownFailure = useShownWhileClosing(voteFailure !== null, voteFailure);
  const restoreAfterFailure = useRestoreFocus(
    voteFailure !== null,
    () => shownFailure?.focusBack() ?? document.getElementById(titleId),
  );
  const ended = [view.amendmentVote, view.motionVote].filter(
    (v): v is NonNullable<typeof v> =>
      v !== null && v.id !== view.activeVote?.id && hasVoteEnded(v, state.inputs.now),
  );
  const wording = useVoteWording();
  const responses = wording.shown(availableResponses(view.ballot), (r) => r);

  return (
    <article
      id={`motion-${motion.id}`}
      aria-labelledby={titleId}
      {...keepFocus}
      data-active-vote={view.activeVote ? 'true' : undefined}
      data-inactive={view.inactive ? 'true' : undefined}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-3 sm:p-4',
        // Quieter, not faded: text at reduced opacity fell below the contrast minimum (WCAG 1.4.3).
        view.inactive && 'border-dashed bg-muted/50',
        view.activeVote && 'border-primary',
      )}
    >
      <header className="flex items-start gap-2">
        {dragHandle}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Title id={titleId} tabIndex={-1} className="font-semibold break-words">
            {view.isAmendment && <span className="sr-only">Amendment: </span>}
            <ServerHtml as="span" html={motion.name} />
          </Title>
          <div className="flex flex-wrap items-center gap-2">
            {view.amendmentStatusText ? (
              // The motion vote was held on this amendment: its own status, then the motion's decision.
              <>
                <Badge variant="outline">Amendment</Badge>
                <Badge
                  variant={statusVariant(view.amendmentStatusText)}
                  data-amendment-status={view.amendmentStatusText}
                >
                  <span className="sr-only">Amendment status: </span>
                  {view.amendmentStatusText}
                </Badge>
                <ConsentNote shown={motion.amendment_approved === true} />
                <span className="text-xs text-muted-foreground">Motion as amended:</span>
                <Badge variant={statusVariant(view.statusText)} data-status={view.statusText}>
                  {view.statusText}
                </Badge>
                <ConsentNote shown={motion.motion_approved === true} />
              </>
            ) : (
              <>
                <Badge variant={statusVariant(view.statusText)} data-status={view.statusText}>
                  <span className="sr-only">Status: </span>
                  {view.statusText}
                </Badge>
                <ConsentNote
                  shown={
                    view.isAmendment
                      ? motion.amendment_approved === true
                      : (view.decidedOn ?? motion).motion_approved === true
                  }
                />
                {view.isAmendment && <Badge variant="outline">Amendment</Badge>}
              </>
            )}
            {view.inactive && (
              <span className="text-xs text-muted-foreground">
                {view.isAmendment && view.amendmentApproval === false
                  ? STATUS_AMENDMENT_DEFEATED
                  : 'Inactive'}
              </span>
            )}
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          {view.canEdit && (
            <Button variant="ghost" size="icon" className="size-11" asChild>
              <Link to={motionPath(state.inputs.scope, motion.id)}>
                <PencilIcon aria-hidden="true" />
                <span className="sr-only">Edit {name}</span>
              </Link>
            </Button>
          )}
          {view.canDelete && (
            <DeleteMotionButton
              name={name}
              pending={actions.isDeleting?.(motion) ?? false}
              onClick={() => actions.onDelete(motion)}
            />
          )}
        </div>
      </header>

      {view.decidedOn && (
        <p className="text-sm text-muted-foreground" data-decided-on={view.decidedOn.id}>
          {decidedAsAmendedNote(plainText(view.decidedOn.name))}
        </p>
      )}
      {/* Runners read it with their vote buttons (RunnerFlow); members learn where the motion's vote is. */}
      {!perms.runMeetings && view.amendedBy && !view.decidedOn && (
        <p className="text-sm text-muted-foreground">{AMENDED_NOTE}</p>
      )}

      {hasMotionFilter(view.ballot) && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          {filterNotice(state.inputs.committee.demographic_name, view.ballot.motion_filter ?? [])}
        </p>
      )}

      {motion.body && <ServerHtml html={motion.body} className="rich-text max-w-none break-words text-sm" />}

      <div className="flex flex-wrap items-center gap-1 text-sm">
        <span className="text-muted-foreground">Responses:</span>
        <ul className="flex min-w-0 flex-wrap gap-1" aria-label="Available responses">
          {responses.map((r) => (
            // Custom responses run to 500 characters: long words wrap within the card.
            <li key={r} className="min-w-0 max-w-full">
              <Badge variant="secondary" className="max-w-full whitespace-normal text-left wrap-anywhere">
                {wording.label(r)}
              </Badge>
            </li>
          ))}
        </ul>
      </div>

      {/* An amendment's own results stay while the motion vote held on it runs. */}
      {ended.map((vote) => (
        <VoteResults
          key={vote.id}
          motion={motion}
          vote={vote}
          isRunner={perms.runMeetings}
          title={vote.type === 'amendment' ? 'Amendment Vote Results' : 'Vote Results'}
          headingLevel={view.isAmendment ? 'h5' : 'h4'}
        />
      ))}
      {view.activeVote && (
        <ActiveVote
          state={state}
          motion={motion}
          vote={view.activeVote}
          onClosed={(voteId) => afterClose.request(() => document.getElementById(resultsHeadingId(voteId)))}
          onFailure={setVoteFailure}
        />
      )}

      {perms.runMeetings && (ended.length > 0 || view.activeVote) && (
        <ResultVisibilityButtons
          scope={state.inputs.scope}
          motion={motion}
          hasActiveVote={view.activeVote !== null}
          describedBy={titleId}
        />
      )}

      <RunnerFlow
        state={state}
        view={view}
        deciding={actions.isDeciding?.(motion) ?? false}
        onFlow={actions.onFlow}
      />

      {view.canAmend && (
        <div>
          <Button
            variant="outline"
            className="min-h-11"
            aria-describedby={titleId}
            onClick={() => actions.onAmend(motion)}
          >
            <PlusIcon aria-hidden="true" />
            Amend
          </Button>
        </div>
      )}

      {view.amendments.length > 0 && (
        <ul className="flex flex-col gap-3 border-l-2 pl-2 sm:pl-4" aria-label={`Amendments to ${name}`}>
          {view.amendments.map((amendment) => (
            <li key={amendment.id}>
              <MotionCard state={state} motion={amendment} {...actions} />
            </li>
          ))}
        </ul>
      )}
      <ErrorDialog
        title={voteFailure?.title ?? VOTE_ERROR_TITLE}
        message={voteFailure?.message ?? null}
        onClose={() => setVoteFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </article>
  );
}

function statusVariant(text: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (text === 'passed' || text === 'complete') return 'default';
  if (text === 'failed' || text === 'vote invalid') return 'destructive';
  return 'secondary';
}

/** Begin Vote (with what blocks it) or Revote, for runners during a meeting. */
function RunnerFlow({
  state,
  view,
  deciding,
  onFlow,
}: {
  state: VotingState;
  view: MotionView;
  /** A vote start or unanimous consent for this motion is being sent: neither button starts another. */
  deciding: boolean;
  onFlow: (target: VotingFlowTarget) => void;
}) {
  if (!view.runnerFlowShown || view.activeVote) return null;
  // Decided on its amendment's row: the card says so, and any revote is that row's.
  if (view.decidedOn && !view.revoteKind) return null;
  // A motion whose approved amendment carries the vote: the amendment's card offers it.
  if (view.amendedBy && !view.revoteKind) {
    return <p className="text-sm text-muted-foreground">{AMENDED_NOTE}</p>;
  }
  const offerStart = !view.nextKindHasResult && !view.inactive && !view.amendedBy;
  // The reasons under the buttons: why the vote cannot begin, or, once there is a result, why the revote cannot.
  const blockers = offerStart ? view.startBlockers : view.revoteBlockers;
  const reasons = blockers
    .map((b) => startBlockerText(state, view, b))
    .filter((t): t is string => t !== null);
  const label = view.nextVoteKind === 'amendment' ? 'Begin Amendment Vote' : 'Begin Vote';
  const reasonsId = `start-reasons-${view.motion.id}`;
  // Every card has these buttons: their description says whose they are, then why they wait.
  const titleId = motionTitleId(view.motion.id);
  const withReasons = reasons.length > 0 ? `${titleId} ${reasonsId}` : titleId;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {offerStart && (
          <Button
            className="min-h-11"
            disabled={view.startBlockers.length > 0 || deciding}
            aria-describedby={withReasons}
            onClick={() =>
              onFlow({ motion: view.motion, kind: view.nextVoteKind, revote: false, ballot: view.ballot })
            }
          >
            {label}
          </Button>
        )}
        {view.revoteKind && (
          <Button
            variant="outline"
            className="min-h-11"
            disabled={view.revoteBlockers.length > 0 || deciding}
            aria-describedby={offerStart ? titleId : withReasons}
            onClick={() =>
              view.revoteKind &&
              view.revoteBallot &&
              onFlow({ motion: view.motion, kind: view.revoteKind, revote: true, ballot: view.revoteBallot })
            }
          >
            Revote
          </Button>
        )}
      </div>
      {(offerStart || view.revoteKind) && reasons.length > 0 && (
        <ul id={reasonsId} className="text-sm text-muted-foreground">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
