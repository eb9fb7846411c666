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
import { useDecideMotion } from '@/features/voting/queries';
import type { MotionScope } from '@/features/voting/scope';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';

export const START_VOTE_ERROR_TITLE = 'Error Starting Vote';
export const UNANIMOUS_ERROR_TITLE = 'Error Processing Vote';

type Step = 'second' | 'discussion' | 'decide' | 'failed';

export interface VotingFlowTarget {
  motion: TMotion;
  kind: TVoteKind;
  revote: boolean;
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
  scope: MotionScope;
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

  async function run(how: 'vote' | 'unanimous') {
    if (!target) return;
    onClose();
    try {
      await decide.mutateAsync({ id: target.motion.id, how, type: target.kind, revote: target.revote });
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

  const what = target?.kind === 'amendment' ? 'amendment' : 'motion';
  return (
    <>
      <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
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
                <Button variant="outline" className="min-h-11" onClick={() => setStep('failed')}>
                  No
                </Button>
                <Button className="min-h-11" onClick={() => setStep('discussion')}>
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
                <Button className="min-h-11" onClick={onClose}>
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
                {canAmend && target && (
                  <Button
                    variant="outline"
                    className="min-h-11"
                    onClick={() => {
                      onClose();
                      onAmend(target.motion);
                    }}
                  >
                    Amend
                  </Button>
                )}
                <Button className="min-h-11" onClick={() => setStep('decide')}>
                  Continue
                </Button>
              </DialogFooter>
            </>
          )}
          {step === 'decide' && target && (
            <>
              <DialogHeader>
                <DialogTitle>{target.revote ? 'Revote' : 'Start the vote'}</DialogTitle>
                <DialogDescription>
                  {target.revote ? 'The previous result will be lost. ' : ''}
                  {isUnanimousConsentOffered(target.motion, target.kind)
                    ? `Start a vote on the ${what}, or approve it by unanimous consent.`
                    : `Start a vote on the ${what}.`}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                {isUnanimousConsentOffered(target.motion, target.kind) && (
                  <Button
                    variant="outline"
                    className="min-h-11"
                    disabled={decide.isPending}
                    onClick={() => void run('unanimous')}
                  >
                    Unanimous Consent
                  </Button>
                )}
                <Button className="min-h-11" disabled={decide.isPending} onClick={() => void run('vote')}>
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
      />
    </>
  );
}
