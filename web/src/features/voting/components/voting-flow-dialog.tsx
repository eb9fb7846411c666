import type { TMotion, TVoteKind } from '@gavel/contracts';
import {
  isUnanimousConsentOffered,
  NO_SECOND_MESSAGE,
  NO_SECOND_TITLE,
  UNANIMOUS_AMENDMENT_MESSAGE,
  UNANIMOUS_MOTION_MESSAGE,
  VOTE_STARTED_MESSAGE,
} from '@gavel/voting-rules';
import * as React from 'react';
import { toast } from 'sonner';
import { ErrorDialog } from '@/components/error-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { activeVoteHeadingId } from '@/features/voting/components/active-vote';
import { motionTitleId } from '@/features/voting/components/motion-card';
import { useDecideMotion } from '@/features/voting/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import type { PageScope } from '@/lib/page-scope';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

export const START_VOTE_ERROR_TITLE = 'Error Starting Vote';
export const UNANIMOUS_ERROR_TITLE = 'Error Recording Unanimous Consent';

/**
 * A step's buttons act on single clicks only. Each step's main button sits where the previous step's was,
 * so the second click of a double-click (the third of a triple) would land on it: skipping a step, or
 * starting a vote that only a full revote can undo. Keyboard presses (detail 0) always act.
 */
function singleClick(act: () => void) {
  return (event: React.MouseEvent) => {
    if (event.detail > 1) return;
    act();
  };
}

type Step = 'second' | 'discussion' | 'decide' | 'failed';

export interface VotingFlowTarget {
  motion: TMotion;
  kind: TVoteKind;
  revote: boolean;
  /**
   * The row as this vote's ballot sees it: a motion vote on an approved amendment offers its root's
   * responses, which decide whether unanimous consent is offered.
   */
  ballot: TMotion;
}

/** Where an opening of the flow starts: the second, or for a revote the decision (its result exists). */
function firstStep(target: VotingFlowTarget | null): Step {
  return target?.revote ? 'decide' : 'second';
}

/**
 * The runner's voting flow (spec section 4): a second? (no: 'Failed'), discussion or amendments, then
 * a vote or unanimous consent (not for custom-response motions). A revote starts at the last step.
 */
export function VotingFlowDialog({
  scope,
  target,
  canAmend,
  onAmend,
  onClose,
}: {
  scope: PageScope;
  /** The dialog shows while a target is set. */
  target: VotingFlowTarget | null;
  canAmend: boolean;
  onAmend: (motion: TMotion) => void;
  onClose: () => void;
}) {
  const [failure, setFailure] = React.useState<{ title: string; message: string } | null>(null);
  const decide = useDecideMotion(scope);
  // Each opening starts over (at 'second', or for a revote at 'decide'): the step is reset whenever the
  // target changes, closing included, so reopening the same motion never resumes an earlier step. A
  // closing dialog keeps its last step on screen while it animates out.
  const [step, setStep] = React.useState<Step>(() => firstStep(target));
  const [openedFor, setOpenedFor] = React.useState<VotingFlowTarget | null>(target);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target) setStep(firstStep(target));
  }
  // What a closing dialog still shows: its whole last step (buttons included, so that focus can go back
  // through the one that was pressed).
  const [last, setLast] = React.useState({ target, canAmend });
  if (target && (target !== last.target || canAmend !== last.canAmend)) setLast({ target, canAmend });
  const shown = target ?? last.target;
  const amendable = target ? canAmend : last.canAmend;

  // Closing gives focus back to Begin Vote / Revote; once the decision is made those buttons are gone,
  // so focus goes on to the running vote, or for unanimous consent to the motion's title.
  const restoreFocus = useRestoreFocus(target !== null);
  // Begin Vote or Revote, which opened the flow: disabled while the decision is sent, so the closing flow
  // cannot give focus back to it; after a failure, it gets focus once the error is acknowledged.
  const opener = React.useRef<HTMLElement | null>(null);
  React.useLayoutEffect(() => {
    const active = document.activeElement;
    if (target && active instanceof HTMLElement && active !== document.body) opener.current = active;
  }, [target]);
  const restoreAfterFailure = useRestoreFocus(failure !== null, () => opener.current);
  const afterDecision = useFocusWhenReady();
  // Each step's default button: the last step's is Start Vote, so that Enter through the flow never
  // approves by unanimous consent. The first step keeps Radix's choice (its first button, No).
  const defaultButton = React.useRef<HTMLButtonElement>(null);
  // A later step replaces the dialog's content in place, which screen readers do not read out as they
  // read an opening dialog: its title and question are said through a live region instead.
  const [stepSaid, setStepSaid] = React.useState('');
  const stepsShown = React.useRef(0);
  React.useEffect(() => {
    if (!target) {
      stepsShown.current = 0;
      setStepSaid('');
      return;
    }
    if (step !== 'second') defaultButton.current?.focus();
    if (stepsShown.current++ > 0) setStepSaid(dialogText(defaultButton.current));
  }, [step, target]);

  async function run(how: 'vote' | 'unanimous') {
    if (!target) return;
    const motionId = target.motion.id;
    onClose();
    try {
      const reply = await decide.mutateAsync({ id: motionId, how, type: target.kind, revote: target.revote });
      const voteId = how === 'vote' ? reply.vote?.id : undefined;
      afterDecision.request(() =>
        document.getElementById(voteId ? activeVoteHeadingId(voteId) : motionTitleId(motionId)),
      );
      if (how === 'vote') toast.success(VOTE_STARTED_MESSAGE);
      else
        toast.success(target.kind === 'amendment' ? UNANIMOUS_AMENDMENT_MESSAGE : UNANIMOUS_MOTION_MESSAGE);
    } catch (err) {
      setFailure({
        title: how === 'vote' ? START_VOTE_ERROR_TITLE : UNANIMOUS_ERROR_TITLE,
        message: errorText(err, FALLBACK.save),
      });
    }
  }

  const what = shown?.kind === 'amendment' ? 'amendment' : 'motion';
  return (
    <>
      <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent
          {...restoreFocus}
          onOpenAutoFocus={(event) => {
            // A revote opens at its last step: Start Vote, not the first button, takes focus.
            if (!defaultButton.current) return;
            event.preventDefault();
            defaultButton.current.focus();
          }}
        >
          <p className="sr-only" aria-live="polite">
            {stepSaid}
          </p>
          {step === 'second' && (
            <>
              <DialogHeader>
                <DialogTitle>Is there a second?</DialogTitle>
                <DialogDescription>
                  {what === 'amendment' ? 'An amendment' : 'A motion'} needs a second before it can be voted
                  on.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" className="min-h-11" onClick={singleClick(() => setStep('failed'))}>
                  No
                </Button>
                <Button className="min-h-11" onClick={singleClick(() => setStep('discussion'))}>
                  Yes
                </Button>
              </DialogFooter>
            </>
          )}
          {step === 'failed' && (
            <>
              <DialogHeader>
                <DialogTitle>{NO_SECOND_TITLE}</DialogTitle>
                <DialogDescription>{NO_SECOND_MESSAGE}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button ref={defaultButton} className="min-h-11" onClick={singleClick(onClose)}>
                  OK
                </Button>
              </DialogFooter>
            </>
          )}
          {step === 'discussion' && (
            <>
              <DialogHeader>
                <DialogTitle>Discussion or amendments?</DialogTitle>
                <DialogDescription>
                  Hold the discussion now. Amend the {what}, or continue to the vote once discussion has
                  ended.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                {amendable && shown && (
                  <Button
                    variant="outline"
                    className="min-h-11"
                    onClick={singleClick(() => {
                      if (!target) return;
                      onClose();
                      onAmend(target.motion);
                    })}
                  >
                    Amend
                  </Button>
                )}
                <Button
                  ref={defaultButton}
                  className="min-h-11"
                  onClick={singleClick(() => setStep('decide'))}
                >
                  Continue
                </Button>
              </DialogFooter>
            </>
          )}
          {step === 'decide' && shown && (
            <>
              <DialogHeader>
                <DialogTitle>{shown.revote ? 'Revote' : 'Start the vote'}</DialogTitle>
                <DialogDescription>
                  {shown.revote ? 'The previous result will be lost. ' : ''}
                  {isUnanimousConsentOffered(shown.ballot, shown.kind)
                    ? `Start a vote on the ${what}, or approve it by unanimous consent.`
                    : `Start a vote on the ${what}.`}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                {isUnanimousConsentOffered(shown.ballot, shown.kind) && (
                  <Button
                    variant="outline"
                    className="min-h-11"
                    disabled={decide.isPending}
                    onClick={singleClick(() => void run('unanimous'))}
                  >
                    Unanimous Consent
                  </Button>
                )}
                <Button
                  ref={defaultButton}
                  className="min-h-11"
                  disabled={decide.isPending}
                  onClick={singleClick(() => void run('vote'))}
                >
                  Start Vote
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
      <ErrorDialog
        title={failure?.title ?? START_VOTE_ERROR_TITLE}
        message={failure?.message ?? null}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </>
  );
}

/** The title and description of the dialog holding `inside`, as its aria-labelledby/-describedby name them. */
function dialogText(inside: HTMLElement | null): string {
  const dialog = inside?.closest('[role="dialog"]');
  if (!dialog) return '';
  return ['aria-labelledby', 'aria-describedby']
    .map((attribute) => document.getElementById(dialog.getAttribute(attribute) ?? '')?.textContent?.trim())
    .filter(Boolean)
    .join(' ');
}
